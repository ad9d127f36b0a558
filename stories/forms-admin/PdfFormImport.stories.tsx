import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import pdfWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { PdfFormImport } from '../../src/forms-admin/PdfFormImport';
import { errorHandlers } from '../../src/testing';
import { generateFormFromPdf } from '../../src/testing/forms-model';
import samplePdfUrl from '../../tests/fixtures/pdfs/sample_form.pdf?url';
import { fakeBackend, storyApi, storyHandlers } from '../support/fakeBackend';
import { sampleFormCleanup, sampleFormGenerated } from '../support/pdfForms';

const meta = {
  title: 'Forms admin/PdfFormImport',
  component: PdfFormImport,
  parameters: { layout: 'fullscreen' },
  args: { onOpenInBuilder: () => undefined, onOpenLinking: () => undefined, onBuildForm: () => undefined, pdfWorkerSrc },
} satisfies Meta<typeof PdfFormImport>;
export default meta;
type Story = StoryObj<typeof meta>;

const upload = '/api/FormGenerator/UploadPdf';

/** Drops `file` on the drop area, as a user dragging it from their files would. */
async function dropFile(canvasElement: HTMLElement, file: File) {
  const canvas = within(canvasElement);
  const zone = (await canvas.findByText('Drop a PDF here, or choose one')).closest('.ccq-PdfFormImport-dropzone') as HTMLElement;
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer }));
  zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
}

const someFile = (name: string) => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });

/** A refusal of the upload, as the server words it. */
const refusing = (status: number, detail: string, extra: Record<string, unknown> = {}) => ({
  msw: {
    handlers: {
      formGenerator: [errorHandlers.failing(upload, status, { body: { type: 'about:blank', title: 'Refused', status, detail, ...extra } })],
    },
  },
});

/** Nothing chosen yet: drop a PDF or choose one. */
export const Default: Story = {};

/** The upload under way (the server has not answered yet). */
export const Uploading: Story = {
  parameters: { msw: { handlers: { formGenerator: [errorHandlers.pending(upload), ...storyHandlers.formGenerator] } } },
  play: async ({ canvasElement }) => {
    await dropFile(canvasElement, someFile('sample_form.pdf'));
    await expect(await within(canvasElement).findByText('Uploading sample_form.pdf and reading its fields…')).toBeInTheDocument();
    await expect(within(canvasElement).getByText('Chosen: sample_form.pdf (9 B)')).toBeInTheDocument();
  },
};

/** The file chosen with the 'Choose a PDF' button (the keyboard's way in, opening the file picker): its name and size show. */
export const ChosenWithButton: Story = {
  parameters: { msw: { handlers: { formGenerator: [errorHandlers.pending(upload), ...storyHandlers.formGenerator] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const zone = await canvas.findByRole('group', { name: 'Drop a PDF here, or choose one' });
    await expect(within(zone).getByRole('button', { name: 'Choose a PDF' })).toBeEnabled();
    await userEvent.upload(zone.querySelector('input[type="file"]') as HTMLInputElement, someFile('loan_request.pdf'));
    await expect(await canvas.findByText('Chosen: loan_request.pdf (9 B)')).toBeInTheDocument();
  },
};

/**
 * sample_form.pdf read by the server: its 28 fields listed (its button left out), its page drawn by pdf.js in the
 * browser with every field outlined, and the Date of birth chosen on the page.
 */
export const PagePreviewWithOutlines: Story = {
  parameters: {
    msw: {
      handlers: {
        formGenerator: [http.post(`${storyApi}${upload}`, () => HttpResponse.json(sampleFormGenerated(generateFormFromPdf('sample_form.pdf', fakeBackend))))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const bytes = await (await fetch(samplePdfUrl)).arrayBuffer();
    await dropFile(canvasElement, new File([bytes], 'sample_form.pdf', { type: 'application/pdf' }));
    const canvas = within(canvasElement);
    const page = await canvas.findByRole('group', { name: 'Page 1 of 1' }, { timeout: 15000 });
    const outline = within(page).getByRole('button', { name: 'Birthdate (Text), page 1' });
    await userEvent.click(outline);
    await waitFor(() => expect(outline).toHaveAttribute('aria-pressed', 'true'));
  },
};

/**
 * sample_form.pdf arrives with values (Name_Last "Bar", SSN 111111111, education boxes ticked, Sex MALE) and field
 * scripts: the screen says the values were cleared and lists each action removed.
 */
export const ValuesClearedActionsRemoved: Story = {
  parameters: {
    msw: {
      handlers: {
        formGenerator: [
          http.post(`${storyApi}${upload}`, () =>
            HttpResponse.json({ ...sampleFormGenerated(generateFormFromPdf('sample_form.pdf', fakeBackend)), cleanup: sampleFormCleanup }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await dropFile(canvasElement, someFile('sample_form.pdf'));
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/The file arrived with values in 23 fields/)).toBeInTheDocument();
    await expect(canvas.getByText(/The file held 13 actions/)).toBeInTheDocument();
  },
};

/** A file that is not a PDF, whatever its name. */
export const NotAPdf: Story = {
  parameters: refusing(415, "The file is not a PDF: it does not start with '%PDF-'.", { code: 'not-a-pdf' }),
  play: async ({ canvasElement }) => {
    await dropFile(canvasElement, someFile('photo.pdf'));
    await within(canvasElement).findByRole('alert');
  },
};

/** A damaged PDF the server could not repair. */
export const CorruptFile: Story = {
  parameters: refusing(422, 'The PDF could not be read: its cross-reference table is broken beyond repair.', { code: 'corrupt' }),
  play: async ({ canvasElement }) => {
    await dropFile(canvasElement, someFile('missing_xref_trailer_dict.pdf'));
    await within(canvasElement).findByRole('alert');
  },
};

/** An encrypted PDF. */
export const Encrypted: Story = {
  parameters: refusing(422, 'The PDF is encrypted.', { code: 'encrypted' }),
  play: async ({ canvasElement }) => {
    await dropFile(canvasElement, someFile('encrypted_new.pdf'));
    await within(canvasElement).findByRole('alert');
  },
};

/** A PDF without fillable fields: building a form by hand is offered. */
export const NoFields: Story = {
  parameters: refusing(422, 'The PDF has no fillable fields.', { code: 'no-fields' }),
  play: async ({ canvasElement }) => {
    await dropFile(canvasElement, someFile('us_constitution.pdf'));
    await within(canvasElement).findByRole('button', { name: 'Build a form yourself' });
  },
};

/** A PDF over the size limit. */
export const TooLarge: Story = {
  parameters: refusing(413, 'The upload is larger than 10 MiB.', { maxBytes: 10 * 1024 * 1024 }),
  play: async ({ canvasElement }) => {
    await dropFile(canvasElement, someFile('scan.pdf'));
    await within(canvasElement).findByRole('alert');
    // The refusal shows beside the zone, which keeps the file and offers another.
    await expect(within(canvasElement).getByRole('button', { name: 'Choose another PDF' })).toBeEnabled();
  },
};

/** Rita Reader may not upload PDFs or create forms. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'reader' } };
