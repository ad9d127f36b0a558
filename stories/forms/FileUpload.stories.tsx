import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { FormSchema } from '../../src/api/types';
import { fileSchema } from '../../src/engine/files';
import { FormRenderer } from '../../src/forms';

/** A form with one required file upload question: PDF or PNG, at most 1 MB each, two files. */
function fileFormSchema(): FormSchema {
  return {
    formSchemaId: 'file-upload',
    formId: 'file-upload-form',
    name: 'Your payslips',
    version: 1,
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
    jsonSchema: { type: 'object', properties: { papers: fileSchema({ accepted: ['application/pdf', 'image/png'], maxBytes: 1024 * 1024, maxFiles: 2 }) }, required: ['papers'] },
    layout: {
      pages: [
        {
          id: 'page-1',
          title: 'Your payslips',
          sections: [{ id: 'papers', title: '', fields: [{ id: 'papers', path: '/papers', widget: 'file', label: 'Payslips', helpText: 'Your payslips of the last three months.' }] }],
        },
      ],
    },
  };
}

const stored = { fileId: '6f1c2a9e-0d3b-4f57-9a51-2b8c7e0d4a10', name: 'payslip-may.pdf', size: 183_422, type: 'application/pdf' };

/** The host's uploader of these stories: it stores nothing and answers the file's reference. */
const uploadFile = fn(async (file: File) => ({ fileId: crypto.randomUUID(), name: file.name, size: file.size, type: file.type }));

const pdf = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/**
 * The built-in file upload question (`widget: 'file'`): a 'Choose a file' button opens the file picker, each file is
 * checked against the question's limits (types, largest size, number of files: its path's schema) and sent to the
 * host's `uploadFile`; the files are listed with their size and a 'Remove' button each. Switch the theme in the
 * toolbar for dark mode (the accessibility check runs both).
 */
const meta = {
  title: 'Forms/File upload',
  component: FormRenderer,
  args: { schema: fileFormSchema(), onSubmit: fn(), progressive: false, uploadFile },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormRenderer>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Nothing attached yet: the question and its 'Choose a file' button (the picker is loaded on demand: meanwhile the
 * button shows loading, disabled, in its place).
 */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Choose a file' })).toBeEnabled());
  },
};

/** A file attached: listed by name and size with its 'Remove' button; Submit stores the reference only. */
export const Uploaded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(await canvas.findByLabelText('Payslips', { selector: 'input' }), pdf('payslip-june.pdf', 2048));
    await waitFor(() => expect(canvas.getByText('payslip-june.pdf (2 KB)')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Remove payslip-june.pdf' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ papers: [expect.objectContaining({ name: 'payslip-june.pdf', size: 2048, type: 'application/pdf' })] }, expect.anything()));
  },
};

/**
 * A file over the question's largest size: refused before it is sent, the question says why and lists the file with a
 * 'Remove' button. The question holds the refusal: a submit lists it in the error summary (not 'required') and sends
 * nothing, until the file is removed or another chosen.
 */
export const TooLarge: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(await canvas.findByLabelText('Payslips', { selector: 'input' }), pdf('scan.pdf', 2 * 1024 * 1024));
    await waitFor(() => expect(canvas.getByText('The file scan.pdf is larger than 1 MB.')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Remove scan.pdf' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(canvas.getByRole('link', { name: 'The file scan.pdf is larger than 1 MB.' })).toBeVisible());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A host upload that does not end (a stalled network): the file stays 'Uploading' until the person cancels it. */
const stalledUpload = fn(
  (_file: File, _fieldId: string, signal: AbortSignal) =>
    new Promise<typeof stored>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
);

/**
 * A file being sent: the live status says so, 'Cancel the upload of {name}' stops it, and 'Choose a file' waits
 * (said disabled, keeping the focus). A submit pressed now waits for the upload.
 */
export const Uploading: Story = {
  args: { uploadFile: stalledUpload },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(await canvas.findByLabelText('Payslips', { selector: 'input' }), pdf('payslip-june.pdf', 2048));
    await waitFor(() => expect(canvas.getByText('Uploading payslip-june.pdf…')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Cancel the upload of payslip-june.pdf' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose a file' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** An upload cancelled: the file is not attached, nothing is refused, and the focus is back on 'Choose a file'. */
export const UploadCancelled: Story = {
  args: { uploadFile: stalledUpload },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(await canvas.findByLabelText('Payslips', { selector: 'input' }), pdf('payslip-june.pdf', 2048));
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel the upload of payslip-june.pdf' }));
    await waitFor(() => expect(canvas.getByText('The upload of payslip-june.pdf was cancelled; the file is not attached.')).toBeVisible());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Choose a file' })).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Choose a file' })).not.toHaveAttribute('aria-disabled');
  },
};

/**
 * Three files chosen at once where the question takes two: the first two are sent in their order and attached, the
 * third is refused ('At most 2 files…') and held until removed. A file dragged onto the question is taken the same way.
 */
export const SeveralAtOnce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(await canvas.findByLabelText('Payslips', { selector: 'input' }), [pdf('may.pdf', 1024), pdf('june.pdf', 2048), pdf('july.pdf', 3072)]);
    await waitFor(() => expect(canvas.getByText('At most 2 files can be attached here: july.pdf was not.')).toBeVisible());
    await expect(canvas.getByText('may.pdf (1 KB)')).toBeVisible();
    await expect(canvas.getByText('june.pdf (2 KB)')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove july.pdf' })).toBeVisible();
  },
};

/** A file of a type the question does not accept. */
export const WrongType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // As a drop or a picker set to 'All files' would: the picker's own filter is not applied.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await canvas.findByLabelText('Payslips', { selector: 'input' }), new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    await waitFor(() => expect(canvas.getByText('The file photo.gif is not one of the accepted types: PDF, PNG.')).toBeVisible());
  },
};

/** View mode: each file's name and size. */
export const View: Story = {
  args: { mode: 'view', initialData: { papers: [stored] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/payslip-may\.pdf \(179 KB\)/)).toBeVisible();
  },
};

/** View mode where the host downloads files (the instance page, for staff): each file a 'Download' button. */
export const ViewWithDownload: Story = {
  args: { mode: 'view', initialData: { papers: [stored] }, downloadFile: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Download payslip-may.pdf' }));
    await expect(args.downloadFile).toHaveBeenCalledWith(stored);
  },
};
