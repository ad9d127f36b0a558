import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PdfFormImport } from '../../src/forms-admin/PdfFormImport';
import { http, HttpResponse } from 'msw';
import { errorHandlers } from '../../src/testing';
import { generateFormFromPdf } from '../../src/testing/forms-model';
import { sampleFormCleanup, sampleFormGenerated } from '../../stories/support/pdfForms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { letterPages, WithPdfPages } from '../support/pdf-pages';

// jsdom draws no canvas and cannot run pdf.js: the pages are stood in for by one US Letter page per page the test
// names, with pdf.js's own mapping of a field's rectangle (origin bottom-left) to the drawn page (origin top-left).
const pageCount = { value: 1 };
const rendered = { pages: [] as number[], fields: [] as (string | undefined)[] };
const pages = letterPages({
  pageCount: () => pageCount.value,
  onOpen: (options) => rendered.fields.push(options.fields),
  onRender: (index) => rendered.pages.push(index),
});
function renderImport(ui: ReactElement) {
  return renderInApi(<WithPdfPages open={pages}>{ui}</WithPdfPages>);
}

const { backend, server } = setupFakeApi();

// Multipart bodies need one realm: jsdom's FormData and File do not reach Node's fetch intact, so the client builds
// Node's FormData here and the tests drop Node's File (what a drop's `dataTransfer.files` holds in a browser).
beforeAll(async () => {
  const nodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  vi.stubGlobal('FormData', nodeFormData);
});
const pdfFile = (name = 'sample_form.pdf', text = '%PDF-1.7\n%fake\n') => new NodeFile([text], name, { type: 'application/pdf' }) as unknown as File;

const drop = async (file: File) => {
  const zone = (await screen.findByText('Drop a PDF here, or choose one')).closest('.ccq-PdfFormImport-dropzone') as HTMLElement;
  fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
  fireEvent.drop(zone, { dataTransfer: { files: [file] } });
};

const outline = (name: RegExp | string) => screen.getByRole('button', { name });
const listItem = (name: string) => within(screen.getByRole('region', { name: /^Fields found/ })).getByRole('button', { name: new RegExp(name) });

describe('PdfFormImport', () => {
  it('uploads a dropped PDF, lists the generated fields and outlines each on its page', async () => {
    rendered.pages = [];
    server.use(errorHandlers.delayed('/api/FormGenerator/UploadPdf', 300));
    renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    await drop(pdfFile());
    expect(await screen.findByText('Uploading sample_form.pdf and reading its fields…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fields found (5)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Form name' })).toHaveValue('Sample Form');
    const page = await screen.findByRole('group', { name: 'Page 1 of 1' });
    const outlines = within(page).getAllByRole('button');
    expect(outlines.map((b) => b.getAttribute('aria-label'))).toEqual([
      'SampleForm.FullName (Text), page 1',
      'SampleForm.Email (Text), page 1',
      'SampleForm.Date (Text), page 1',
      'SampleForm.Agree (Checkbox), page 1',
      'SampleForm.Signature (Signature), page 1',
    ]);
    // Placed where the field is: x 72 of 612 points, top = 792 - (700 + 18) of 792.
    expect(outlines[0]?.style.left).toBe(`${(72 / 612) * 100}%`);
    expect(outlines[0]?.style.top).toBe(`${(74 / 792) * 100}%`);
    await waitFor(() => expect(rendered.pages).toEqual([0]));
    // The stored template holds no value: the preview draws the pages without the fields' widgets, so no value the
    // file arrived with shows; the outlines say where each field is.
    expect(rendered.fields.length).toBeGreaterThan(0);
    expect(rendered.fields.every((fields) => fields === 'hidden')).toBe(true);
    const upload = backend.requests.find((r) => r.path.startsWith('/api/FormGenerator/UploadPdf'));
    expect(upload?.method).toBe('POST');
  });

  it('selects a field from its outline and from the list, each showing the other (keyboard too)', async () => {
    const { user } = renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    await drop(pdfFile());
    await screen.findByRole('group', { name: 'Page 1 of 1' });
    await user.click(outline('SampleForm.Email (Text), page 1'));
    expect(outline('SampleForm.Email (Text), page 1')).toHaveAttribute('aria-pressed', 'true');
    expect(listItem('SampleForm.Email')).toHaveAttribute('aria-pressed', 'true');
    expect(listItem('SampleForm.FullName')).toHaveAttribute('aria-pressed', 'false');

    await user.click(listItem('SampleForm.Agree'));
    expect(outline('SampleForm.Agree (Checkbox), page 1')).toHaveAttribute('aria-pressed', 'true');
    expect(outline('SampleForm.Email (Text), page 1')).toHaveAttribute('aria-pressed', 'false');

    outline('SampleForm.Signature (Signature), page 1').focus();
    await user.keyboard('{Enter}');
    expect(listItem('SampleForm.Signature')).toHaveAttribute('aria-pressed', 'true');
  });

  it("'Open in builder' creates the generated form and its first version, then opens the form", async () => {
    const onOpenInBuilder = vi.fn();
    const onCreated = vi.fn();
    const { user } = renderImport(<PdfFormImport onOpenInBuilder={onOpenInBuilder} onCreated={onCreated} />);
    await drop(pdfFile('loan_request.pdf'));
    const name = await screen.findByRole('textbox', { name: 'Form name' });
    await user.clear(name);
    await user.type(name, 'Loan request 2026');
    await user.click(screen.getByRole('button', { name: 'Open in builder' }));
    await waitFor(() => expect(onOpenInBuilder).toHaveBeenCalledTimes(1));
    const formId = onOpenInBuilder.mock.calls[0]?.[0] as string;
    const form = backend.db.forms.find((f) => f.formId === formId);
    expect(form).toMatchObject({ name: 'Loan request 2026', pdfTemplate: { fileName: 'loan_request.pdf' } });
    const schema = backend.db.formSchemas.find((s) => s.formId === formId);
    expect(form?.currentFormSchemaId).toBe(schema?.formSchemaId);
    expect(schema?.layout.pages[0]?.sections[0]?.fields.map((f) => f.pdfFieldName)).toContain('LoanRequest.FullName');
    expect(onCreated).toHaveBeenCalledWith({ formId, formSchemaId: schema?.formSchemaId, name: 'Loan request 2026' });
  });

  it("'Link fields to data' creates the form once and opens its version", async () => {
    const onOpenLinking = vi.fn();
    const { user } = renderImport(<PdfFormImport onOpenInBuilder={() => undefined} onOpenLinking={onOpenLinking} />);
    await drop(pdfFile());
    await user.click(await screen.findByRole('button', { name: 'Link fields to data' }));
    await waitFor(() => expect(onOpenLinking).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Link fields to data' }));
    await waitFor(() => expect(onOpenLinking).toHaveBeenCalledTimes(2));
    expect(onOpenLinking.mock.calls[1]?.[0]).toBe(onOpenLinking.mock.calls[0]?.[0]);
    expect(backend.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/crud/form/post'))).toHaveLength(1);
  });

  it('says the file had values, which were cleared, and lists each action removed', async () => {
    server.use(
      http.post('*/api/FormGenerator/UploadPdf', () =>
        HttpResponse.json({ ...sampleFormGenerated(generateFormFromPdf('sample_form.pdf', backend)), cleanup: sampleFormCleanup }),
      ),
    );
    renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    await drop(pdfFile());
    const notice = (await screen.findByText('Cleaned before it was saved')).closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(notice).toHaveTextContent('The file arrived with values in 23 fields. They were cleared');
    const lists = within(notice).getAllByRole('list');
    // Each field by its label on the generated form; each action with what it was and where.
    expect(within(lists[0] as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toContain('Name Last');
    expect(notice).toHaveTextContent('The file held 13 actions that could run a script or open something.');
    expect(within(lists[1] as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Another action a PDF viewer runs in the field 'Print'",
      "A script (JavaScript) in the field 'Birthdate' (2 times)",
      "A script (JavaScript) in the field 'Emergency Phone' (2 times)",
      "A script (JavaScript) in the field 'SSN' (2 times)",
      "A script (JavaScript) in the field 'Telephone Work' (2 times)",
      "A script (JavaScript) in the field 'Telephone Home' (2 times)",
      "A script (JavaScript) in the field 'ZIP' (2 times)",
    ]);
  });

  it('shows no cleanup notice for a file that held no values and no actions', async () => {
    renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    await drop(pdfFile());
    await screen.findByRole('heading', { name: 'Fields found (5)' });
    expect(screen.queryByText('Cleaned before it was saved')).toBeNull();
  });

  const refusal = (status: number, detail: string, extra: Record<string, unknown> = {}) =>
    errorHandlers.failing('/api/FormGenerator/UploadPdf', status, {
      body: { type: 'about:blank', title: 'Refused', status, detail, ...extra },
    });

  // The server's words stay under the sentence when it was read from the status or the words, or when they carry a
  // figure the sentence leaves out; a refusal named by its code is told by the sentence alone.
  it.each([
    [415, 'The file is not a PDF.', {}, 'This file is not a PDF. Choose a PDF file (it starts with %PDF, whatever its name).', true],
    [422, 'The PDF is encrypted.', { code: 'pdf-encrypted' }, 'This PDF is protected with a password or encrypted. Save an unprotected copy and upload that.', false],
    [422, 'The PDF could not be parsed: bad xref.', {}, 'This PDF is damaged and could not be read. Try saving it again from the program that made it.', true],
    [413, 'The upload is too large.', { maxBytes: 10 * 1024 * 1024 }, 'This PDF is too large. The largest accepted is 10 MB.', true],
    [422, 'The PDF has 10000 pages; at most 500 are read.', { code: 'too-many-pages' }, 'This PDF has too many pages to make a form from.', true],
    [422, 'The PDF is an XFA form.', {}, 'This PDF is an XFA form, which cannot be read. Save it as a regular (AcroForm) PDF and upload that.', true],
  ])('explains a %i refusal (%s) in plain words', async (status, detail, extra, message, withWords) => {
    server.use(refusal(status, detail, extra));
    renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    await drop(pdfFile('upload.pdf'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    if (withWords) expect(alert).toHaveTextContent(detail);
    else expect(alert).not.toHaveTextContent(detail);
    expect(screen.getByRole('button', { name: 'Choose another PDF' })).toBeInTheDocument();
  });

  it('offers to build a form by hand for a PDF without fillable fields', async () => {
    server.use(refusal(422, 'The PDF has no fillable fields.', { code: 'no-fields' }));
    const onBuildForm = vi.fn();
    const { user } = renderImport(<PdfFormImport onOpenInBuilder={() => undefined} onBuildForm={onBuildForm} />);
    await drop(pdfFile('flatten_form.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This PDF has no fillable fields; you can still build a form for it.');
    await user.click(screen.getByRole('button', { name: 'Build a form yourself' }));
    expect(onBuildForm).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Choose another PDF' }));
    expect(screen.getByText('Drop a PDF here, or choose one')).toBeInTheDocument();
  });

  it('offers the file as a file choice: a named drop zone with a "Choose a PDF" button reached by the keyboard, and the chosen file by name and size', async () => {
    server.use(errorHandlers.pending('/api/FormGenerator/UploadPdf'));
    const { user } = renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    const zone = await screen.findByRole('group', { name: 'Drop a PDF here, or choose one' });
    expect(zone).toHaveAccessibleDescription('A fillable PDF (with form fields), up to 10 MB.');
    // No text box pretends to be the file choice: the button is, and Tab reaches it.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const button = within(zone).getByRole('button', { name: 'Choose a PDF' });
    await user.tab();
    expect(button).toHaveFocus();
    const input = zone.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf');
    expect(input).toHaveAttribute('aria-label', 'PDF file');
    // Enter on the button opens the browser's file picker (the hidden input's click).
    const picker = vi.fn();
    input.addEventListener('click', picker);
    await user.keyboard('{Enter}');
    expect(picker).toHaveBeenCalledTimes(1);
    fireEvent.change(input, { target: { files: [pdfFile('loan_request.pdf', `%PDF-1.7\n${'x'.repeat(3 * 1024)}`)] } });
    expect(await within(zone).findByText('Chosen: loan_request.pdf (3 KB)')).toBeInTheDocument();
    expect(within(zone).getByRole('status')).toHaveTextContent('Uploading loan_request.pdf and reading its fields…');
    expect(within(zone).getByRole('button', { name: 'Choose a PDF' })).toBeDisabled();
  });

  it('shows a refusal beside the zone, which keeps the file\'s name and size, and the button to choose another reads it', async () => {
    server.use(refusal(413, 'The upload is too large.', { maxBytes: 10 * 1024 * 1024 }));
    renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    await drop(pdfFile('scan.pdf'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This PDF is too large. The largest accepted is 10 MB.');
    const zone = screen.getByRole('group', { name: 'Drop a PDF here, or choose one' });
    expect(within(zone).getByText('Chosen: scan.pdf (15 B)')).toBeInTheDocument();
    const again = within(zone).getByRole('button', { name: 'Choose another PDF' });
    expect(again).toBeEnabled();
    expect(again).toHaveAccessibleDescription(/This PDF is too large\. The largest accepted is 10 MB\./);
  });

  it('refuses an empty file and one over the size limit at once, without sending them', async () => {
    const uploads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/FormGenerator/UploadPdf')) uploads.push(request.url);
    });
    renderImport(<PdfFormImport onOpenInBuilder={() => undefined} maxFileBytes={2048} />);
    await drop(pdfFile('big.pdf', `%PDF-1.7\n${'x'.repeat(3 * 1024)}`));
    expect(await screen.findByRole('alert')).toHaveTextContent('This PDF is too large. The largest accepted is 2 KB.');
    expect(screen.getByText('Chosen: big.pdf (3 KB)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another PDF' }));
    await drop(pdfFile('empty.pdf', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is empty.');
    expect(uploads).toEqual([]);
    server.events.removeAllListeners();
  });

  it('cancels an upload under way', async () => {
    server.use(errorHandlers.pending('/api/FormGenerator/UploadPdf'));
    const { user } = renderImport(<PdfFormImport onOpenInBuilder={() => undefined} />);
    await drop(pdfFile());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Drop a PDF here, or choose one')).toBeInTheDocument();
  });
});
