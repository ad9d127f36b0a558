import { cleanup, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormSchema } from '../../src/api/types';
import type { FileReference } from '../../src/engine/file-references';
import { fileSchema } from '../../src/engine/files';
import { FormRenderer } from '../../src/forms';
import { renderWithProviders } from '../support/render';
import type { ApiRequest } from '../../src/api/transport';
import type { DraftSaver } from '../../src/viewer/draft-saver';
import { uploadInstanceFile } from '../../src/viewer/file-upload';

// A file the person chose never goes missing silently: while the question holds a refused file, or one still being
// sent, the form does not submit (nor go to its next page) without it; the person removes, replaces or waits.

/** An optional file upload question (PDF, at most 1 MB) on page one, and a text question on page two when `pages` is 2. */
function schema(pages: 1 | 2 = 1, maxFiles = 1): FormSchema {
  const first = { id: 'p1', title: 'Papers', sections: [{ id: 's1', title: '', fields: [{ id: 'papers', path: '/papers', widget: 'file', label: 'Payslips' }] }] };
  const second = { id: 'p2', title: 'About you', sections: [{ id: 's2', title: '', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] };
  return {
    formSchemaId: 'files',
    formId: 'files-form',
    name: 'Papers',
    version: 1,
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
    jsonSchema: {
      type: 'object',
      properties: { papers: fileSchema({ accepted: ['application/pdf'], maxBytes: 1024 * 1024, maxFiles }), name: { type: 'string' } },
    },
    layout: { pages: pages === 1 ? [first] : [first, second] },
  } as FormSchema;
}

const pdf = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const stored = (file: File): FileReference => ({ fileId: '6f1c2a9e-0d3b-4f57-9a51-2b8c7e0d4a10', name: file.name, size: file.size, type: file.type });
let nextId = 0;
/** An uploader that stores each file under an id of its own. */
const storeEach = async (file: File): Promise<FileReference> => ({ ...stored(file), fileId: `file-${++nextId}` });

/** Drags files over an element and drops them there, as a browser would; whether each event's default was prevented. */
function dropFiles(target: Element, files: File[]): { over: boolean; drop: boolean } {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  const over = createEvent.dragOver(target, { dataTransfer });
  fireEvent(target, over);
  const drop = createEvent.drop(target, { dataTransfer });
  fireEvent(target, drop);
  return { over: over.defaultPrevented, drop: drop.defaultPrevented };
}

async function picker() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Choose a file' })).toBeEnabled());
  return screen.getByLabelText('Payslips', { selector: 'input' });
}

/** Chooses payslip.pdf and presses Submit while it is sent: the form waits, nothing is submitted yet. */
async function submitDuringUpload(user: ReturnType<typeof userEvent.setup>, onSubmit: () => void) {
  await user.upload(await picker(), pdf('payslip.pdf', 2048));
  expect(await screen.findByText('Uploading payslip.pdf…')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(onSubmit).not.toHaveBeenCalled();
}

describe('a file upload question', () => {
  it('holds a refused file: the submit lists it and sends nothing until the person removes it, then submits without it', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} uploadFile={async (file) => stored(file)} progressive={false} />);
    await user.upload(await picker(), pdf('scan.pdf', 2 * 1024 * 1024));
    const message = 'The file scan.pdf is larger than 1 MB.';
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByText('scan.pdf (2 MB)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // Letting the refused file go: the focus goes to 'Choose a file', and the form submits without a file.
    await user.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(screen.queryByText('scan.pdf (2 MB)')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveFocus());
    expect(screen.queryByText(message, { selector: ':not(a)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({}, expect.anything()));
  });

  it('a file chosen in its place lets the refused one go and is the answer', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} uploadFile={async (file) => stored(file)} progressive={false} />);
    await user.upload(await picker(), pdf('scan.pdf', 2 * 1024 * 1024));
    await screen.findByText('The file scan.pdf is larger than 1 MB.');
    await user.upload(screen.getByLabelText('Payslips', { selector: 'input' }), pdf('payslip.pdf', 2048));
    expect(await screen.findByText('payslip.pdf (2 KB)')).toBeVisible();
    expect(screen.queryByText(/scan\.pdf/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ papers: [expect.objectContaining({ name: 'payslip.pdf' })] }, expect.anything()));
  });

  it('a submit pressed while a file is sent waits for it, then sends the answers with the file', async () => {
    const onSubmit = vi.fn();
    let store: () => void = () => undefined;
    const uploadFile = (file: File) => new Promise<FileReference>((resolve) => (store = () => resolve(stored(file))));
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} uploadFile={uploadFile} progressive={false} />);
    await submitDuringUpload(user, onSubmit);
    store();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ papers: [expect.objectContaining({ name: 'payslip.pdf' })] }, expect.anything()));
  });

  it('a submit pressed while a file is sent that the server then refuses stops, and the summary says why', async () => {
    const onSubmit = vi.fn();
    let refuse: () => void = () => undefined;
    const uploadFile = () => new Promise<FileReference>((_resolve, reject) => (refuse = () => reject(Object.assign(new Error('Payload Too Large'), { status: 413 }))));
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} uploadFile={uploadFile} progressive={false} />);
    await user.upload(await picker(), pdf('payslip.pdf', 2048));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    refuse();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'The file payslip.pdf is larger than 1 MB.' })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps a multi-page form on the page of a refused file', async () => {
    renderWithProviders(<FormRenderer schema={schema(2)} onSubmit={vi.fn()} uploadFile={async (file) => stored(file)} progressive={false} />);
    // As a drop or a picker set to 'All files' would: the picker's own filter is not applied.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await picker(), new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    await screen.findByText('The file photo.gif is not one of the accepted types: PDF.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file photo.gif is not one of the accepted types: PDF.');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('Next pressed while a file is sent waits for it: refused, the page stays with the refusal; stored, the next page opens', async () => {
    let settle: (ok: boolean) => void = () => undefined;
    const uploadFile = (file: File) =>
      new Promise<FileReference>((resolve, reject) => (settle = (ok) => (ok ? resolve(stored(file)) : reject(Object.assign(new Error('Unsupported'), { status: 415 })))));
    const { user } = renderWithProviders(<FormRenderer schema={schema(2)} onSubmit={vi.fn()} uploadFile={uploadFile} progressive={false} />);
    await user.upload(await picker(), pdf('payslip.pdf', 2048));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    settle(false);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file payslip.pdf is not one of the accepted types: PDF.');
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Payslips', { selector: 'input' }), pdf('payslip-2.pdf', 2048));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    settle(true);
    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
  });

  it('an upload that does not end can be cancelled, even while a submit waits for it: the file is not attached, nothing is held, and the submit stops', async () => {
    const onSubmit = vi.fn();
    const signals: AbortSignal[] = [];
    // A host upload that never settles and does not heed the signal: the form lets the file go all the same.
    const uploadFile = (_file: File, _fieldId: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<FileReference>(() => undefined);
    };
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} uploadFile={uploadFile} progressive={false} />);
    await submitDuringUpload(user, onSubmit);

    await user.click(screen.getByRole('button', { name: 'Cancel the upload of payslip.pdf' }));
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    // The submit that waited stops (it was pressed with that file); nothing is refused, and the person decides again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveFocus());
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('The upload of payslip.pdf was cancelled; the file is not attached.');
    expect(screen.queryByRole('button', { name: /Cancel the upload/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({}, expect.anything()));
  });

  it('Next pressed while a file is sent stays on the page when the upload is cancelled', async () => {
    const uploadFile = (_file: File, _fieldId: string, signal: AbortSignal) =>
      new Promise<FileReference>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const { user } = renderWithProviders(<FormRenderer schema={schema(2)} onSubmit={vi.fn()} uploadFile={uploadFile} progressive={false} />);
    await user.upload(await picker(), pdf('payslip.pdf', 2048));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel the upload of payslip.pdf' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Name')).toBeInTheDocument();
  });

  it('a file stored after its upload was cancelled is not attached, and a new one can be chosen', async () => {
    const onSubmit = vi.fn();
    let store: () => void = () => undefined;
    const uploadFile = (file: File) => new Promise<FileReference>((resolve) => (store = () => resolve(stored(file))));
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} uploadFile={uploadFile} progressive={false} />);
    await user.upload(await picker(), pdf('payslip.pdf', 2048));
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(await screen.findByRole('button', { name: 'Cancel the upload of payslip.pdf' }));
    store();
    await user.upload(await picker(), pdf('payslip-2.pdf', 2048));
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of payslip-2.pdf' }));
    await screen.findByText('The upload of payslip-2.pdf was cancelled; the file is not attached.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({}, expect.anything()));
    expect(screen.queryByText(/payslip\.pdf \(/)).not.toBeInTheDocument();
  });

  it('takes several files chosen at once, in their order, and refuses those beyond the question\'s number of files', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={schema(1, 2)} onSubmit={onSubmit} uploadFile={storeEach} progressive={false} />);
    await user.upload(await picker(), [pdf('may.pdf', 1024), pdf('june.pdf', 2048), pdf('july.pdf', 3072)]);
    const message = 'At most 2 files can be attached here: july.pdf was not.';
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByText('may.pdf (1 KB)')).toBeVisible();
    expect(screen.getByText('june.pdf (2 KB)')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: message })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // The question holds its two files, so there is no 'Choose a file': the last file's 'Remove' takes the focus.
    await user.click(screen.getByRole('button', { name: 'Remove july.pdf' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove june.pdf' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ papers: [expect.objectContaining({ name: 'may.pdf' }), expect.objectContaining({ name: 'june.pdf' })] }, expect.anything()),
    );
  });

  it("says under 'Choose a file' what the question takes, from its limits, and that a file may be dropped; gone once it holds its files", async () => {
    const { user } = renderWithProviders(<FormRenderer schema={schema(1, 2)} onSubmit={vi.fn()} uploadFile={storeEach} progressive={false} />);
    await picker();
    const limits = screen.getByText('PDF, up to 1 MB each. You can also drop files here.');
    expect(screen.getByRole('button', { name: 'Choose a file' }).getAttribute('aria-describedby')?.split(' ')).toContain(limits.id);
    await user.upload(await picker(), [pdf('may.pdf', 1024), pdf('june.pdf', 2048)]);
    await screen.findByText('june.pdf (2 KB)');
    expect(screen.queryByText(/You can also drop/)).not.toBeInTheDocument();
    cleanup();
    renderWithProviders(<FormRenderer schema={schema()} onSubmit={vi.fn()} uploadFile={storeEach} progressive={false} />);
    await picker();
    expect(screen.getByText('PDF, up to 1 MB. You can also drop a file here.')).toBeInTheDocument();
  });

  it("moves the focus from 'Choose a file', gone once the question holds its files, to the new file's 'Remove'", async () => {
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={vi.fn()} uploadFile={storeEach} progressive={false} />);
    const input = await picker();
    // A keyboard user presses 'Choose a file' and picks a file in the browser's dialog: the focus is on the button.
    screen.getByRole('button', { name: 'Choose a file' }).focus();
    fireEvent.change(input, { target: { files: [pdf('payslip.pdf', 2048)] } });
    expect(await screen.findByText('payslip.pdf (2 KB)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Choose a file' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove payslip.pdf' })).toHaveFocus());
    // Removed again, 'Choose a file' is back with the focus: the person goes on without reaching for the mouse.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveFocus());
  });

  it('takes a file dropped onto the question as if chosen, and keeps a drop from opening the file in place of the form', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} uploadFile={storeEach} progressive={false} />);
    await picker();
    const question = screen.getByRole('group', { name: 'Payslips' });
    // The question is outlined while a file is over it, and no longer once it leaves.
    fireEvent.dragOver(within(question).getByText('Payslips'), { dataTransfer: { files: [], types: ['Files'], dropEffect: 'none' } });
    expect(question).toHaveAttribute('data-dragging');
    fireEvent.dragLeave(question, { relatedTarget: null });
    expect(question).not.toHaveAttribute('data-dragging');
    // Anywhere on the question: here its label.
    expect(dropFiles(within(question).getByText('Payslips'), [pdf('payslip.pdf', 2048)])).toEqual({ over: true, drop: true });
    expect(await screen.findByText('payslip.pdf (2 KB)')).toBeVisible();

    // The question is full: a second drop is refused by the browser's cursor and attaches nothing, nor opens the file.
    expect(dropFiles(screen.getByText('payslip.pdf (2 KB)'), [pdf('other.pdf', 2048)])).toEqual({ over: true, drop: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/other\.pdf/)).not.toBeInTheDocument();
    // Dropped beside the question (here on the Submit button): not opened in place of the form, nor attached.
    expect(dropFiles(screen.getByRole('button', { name: 'Submit' }), [pdf('beside.pdf', 2048)])).toEqual({ over: true, drop: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/beside\.pdf/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ papers: [expect.objectContaining({ name: 'payslip.pdf' })] }, expect.anything()));
  });

  it('where no file can be stored (a preview) says so without holding the form', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<FormRenderer schema={schema()} onSubmit={onSubmit} progressive={false} />);
    await user.upload(await picker(), pdf('payslip.pdf', 2048));
    expect(await screen.findByText('Files cannot be attached here.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({}, expect.anything()));
  });
});

describe("the viewer's upload of a file", () => {
  it('sends the signal with the request, and sends nothing once it is aborted', async () => {
    const requests: ApiRequest[] = [];
    const client = {
      request: <T,>(request: ApiRequest) => {
        requests.push(request);
        return Promise.resolve({ fileId: 'f1', name: 'payslip.pdf', size: 2048, type: 'application/pdf' } as T);
      },
    };
    const saver = { change: vi.fn(), subscribe: () => () => undefined, getState: () => ({ formInstanceId: 'i1', status: 'saved', error: null }) } as unknown as DraftSaver;
    const upload = { saver, data: {}, client, token: () => 'link-token' };
    const cancel = new AbortController();
    await expect(uploadInstanceFile(upload, pdf('payslip.pdf', 2048), 'papers', cancel.signal)).resolves.toMatchObject({ fileId: 'f1' });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/FormFiles/Upload', query: { formInstanceId: 'i1', fieldId: 'papers' }, signal: cancel.signal });

    cancel.abort();
    await expect(uploadInstanceFile(upload, pdf('payslip.pdf', 2048), 'papers', cancel.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(1);
  });
});
