/**
 * The data linking screen with sections inside sections: the fields of a plain section inside a plain one can be
 * linked like any field, and their links are saved on them; the fields of a section inside a repeatable section are
 * part of its items (paths relative to an item), so they are not offered.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormSchema } from '../../src/api/types';
import { allFields } from '../../src/engine';
import { FormDataLinking } from '../../src/forms-admin/FormDataLinking';
import { loanRequestIds, seedGeneratedLoanRequest } from '../../stories/support/pdfForms';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend } = setupFakeApi();

/** The generated loan request, with Town moved into a section inside the PDF's section and a list of jobs. */
function seedNested(): FormSchema {
  const schema = seedGeneratedLoanRequest(backend.db);
  const [section] = schema.layout.pages[0]!.sections;
  const town = section!.fields.pop()!;
  section!.sections = [{ id: 'where', title: 'Where', fields: [town] }];
  schema.jsonSchema = {
    ...schema.jsonSchema,
    properties: {
      ...(schema.jsonSchema.properties as object),
      jobs: { type: 'array', items: { type: 'object', properties: { employer: { type: 'string' }, from: { type: 'string' } } } },
    },
  };
  schema.layout.pages[0]!.sections.push({
    id: 'jobs',
    title: 'Jobs',
    repeatable: { path: '/jobs' },
    fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
    sections: [{ id: 'dates', title: 'Dates', fields: [{ id: 'from', path: '/from', widget: 'text', label: 'Started' }] }],
  });
  return schema;
}

const rowOf = (label: string) => screen.getByRole('cell', { name: new RegExp(`^${label}`) }).closest('tr') as HTMLElement;

describe('FormDataLinking with nested sections', () => {
  it('offers the field of a nested plain section, not those of a repeatable section or the sections inside it', async () => {
    seedNested();
    renderInApi(<FormDataLinking formSchemaId={loanRequestIds.formSchemaId} />);
    expect(await screen.findByText('0 of 6 fields linked')).toBeInTheDocument();
    const unlinked = screen.getByRole('region', { name: 'Not linked (6)' });
    const names = within(unlinked).getAllByRole('listitem').map((li) => li.textContent);
    expect(names).toContain('Town');
    expect(names).not.toContain('Employer');
    expect(names).not.toContain('Started');
  });

  it("saves the link of a nested section's field on that field", async () => {
    seedNested();
    const onSaved = vi.fn();
    const { user } = renderInApi(<FormDataLinking formSchemaId={loanRequestIds.formSchemaId} onSaved={onSaved} />);
    const picker = await screen.findByRole('combobox', { name: 'Application data for Town' });
    await user.click(picker);
    await user.type(picker, 'city');
    await user.click(await screen.findByRole('option', { name: '/address/city' }));
    expect(within(rowOf('Town')).getByText('Example: Halifax')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const stored = backend.db.formSchemas.find((s) => s.formSchemaId === loanRequestIds.formSchemaId)!;
    const links = Object.fromEntries(allFields(stored.layout).map((f) => [f.id, f.linkedPath]));
    expect(links.town).toBe('/address/city');
    // The sections inside sections are kept as they were.
    expect(stored.layout.pages[0]!.sections[0]!.sections?.map((s) => s.id)).toEqual(['where']);
    expect(stored.layout.pages[0]!.sections[1]!.sections?.[0]?.fields.map((f) => f.id)).toEqual(['from']);
  });
});
