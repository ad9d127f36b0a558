import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormBuilder } from '../../src';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend } = setupFakeApi();

const canvas = () => screen.getByRole('region', { name: 'Form' });

describe('FormBuilder: what a new form starts from', () => {
  it("starts from a copy of an existing form's current version, as one undoable step", async () => {
    const form = backend.db.forms.find((f) => !f.isDeleted && f.currentFormSchemaId)!;
    const schema = backend.db.formSchemas.find((s) => s.formSchemaId === form.currentFormSchemaId)!;
    const firstLabel = schema.layout.pages[0]!.sections[0]!.fields[0]!.label;
    const { user } = renderInApi(<FormBuilder draftStorage={null} />);
    await user.click(await screen.findByLabelText('Or start from a copy of a form', { selector: 'input' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('option', { name: form.name }));
    await waitFor(() => expect(within(canvas()).getByRole('button', { name: `Field ${firstLabel}` })).toBeInTheDocument());
    // The copy is the builder's document: nothing was written to the server.
    expect(backend.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(canvas()).queryByRole('button', { name: `Field ${firstLabel}` })).not.toBeInTheDocument());
  });

  it("offers 'Import a PDF form' when the host gives it and the user may upload a PDF", async () => {
    const onImportPdf = vi.fn();
    const { user } = renderInApi(<FormBuilder draftStorage={null} onImportPdf={onImportPdf} />);
    await user.click(await screen.findByRole('button', { name: 'Import a PDF form' }, { timeout: 5000 }));
    expect(onImportPdf).toHaveBeenCalledTimes(1);
  });

  it("offers no PDF import without the host's callback", async () => {
    renderInApi(<FormBuilder draftStorage={null} />);
    await screen.findByLabelText('Or start from a copy of a form', { selector: 'input' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Import a PDF form' })).not.toBeInTheDocument();
  });
});
