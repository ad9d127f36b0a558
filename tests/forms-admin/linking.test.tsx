import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JsonObject } from '../../src/api/types';
import { FormDataLinking } from '../../src/forms-admin/FormDataLinking';
import { FormInstanceStatus } from '../../src/api/enums';
import { loanRequestIds, seedGeneratedLoanRequest } from '../../stories/support/pdfForms';
import { renderInApi, setupFakeApi, base } from '../admin/support/screen';

const { backend } = setupFakeApi();

const { formId, formSchemaId } = loanRequestIds;
const seedGeneratedForm = () => seedGeneratedLoanRequest(backend.db);

const rowOf = (label: string) => screen.getByRole('cell', { name: new RegExp(`^${label}`) }).closest('tr') as HTMLElement;

describe('FormDataLinking', () => {
  it('suggests application paths by name with the reason, and lists the unlinked fields', async () => {
    seedGeneratedForm();
    renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    expect(await screen.findByText('0 of 6 fields linked')).toBeInTheDocument();
    const fullName = rowOf('Full name');
    expect(within(fullName).getByText('Suggested: /applicant/name')).toBeInTheDocument();
    expect(within(fullName).getByText("Same name and group as 'applicant/name'")).toBeInTheDocument();
    // Each suggestion says how sure it is: a name that names the path exactly is a strong match.
    expect(within(fullName).getByText('Strong match')).toBeInTheDocument();
    expect(within(rowOf('Date of birth')).getByText("Same name as 'dateOfBirth'")).toBeInTheDocument();
    expect(within(rowOf('Town')).queryByText(/^Suggested/)).not.toBeInTheDocument();
    const unlinked = screen.getByRole('region', { name: 'Not linked (6)' });
    expect(within(unlinked).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Full name',
      'Email',
      'Date of birth',
      'Loan amount',
      'I agree',
      'Town',
    ]);
  });

  it("writes a suggestion's Link button on a light tint, not its text's own blue (it could not be read)", async () => {
    seedGeneratedForm();
    renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    const button = await screen.findByRole('button', { name: 'Link /applicant/name' });
    // With color 'blue.9' Mantine's light variant filled the button with #1864ab and wrote the words in the same blue.
    expect(button.style.getPropertyValue('--button-bg')).toBe('var(--mantine-color-blue-light)');
    expect(button.style.getPropertyValue('--button-color')).toBe('var(--mantine-color-blue-light-color)');
  });

  it('links a suggestion, shows its example value and the preview filled from the example application', async () => {
    seedGeneratedForm();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    await user.click(await screen.findByRole('button', { name: 'Link /applicant/name' }));
    expect(screen.getByText('1 of 6 fields linked')).toBeInTheDocument();
    expect(within(rowOf('Full name')).getByText('Example: Grace Hopper')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview with the example application' });
    expect(await within(preview).findByText('Grace Hopper')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Not linked (5)' })).queryByText('Full name')).not.toBeInTheDocument();
  });

  it('flags a type mismatch, and leaves it out of "Link all suggestions"', async () => {
    seedGeneratedForm();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    await user.click(await screen.findByRole('button', { name: 'Link /loan/amount' }));
    const amount = rowOf('Loan amount');
    expect(within(amount).getByRole('note')).toHaveTextContent(
      'Type mismatch: the field holds text, the data is a whole number. The value will be left empty.',
    );
    expect(screen.getByText('1 with a type mismatch')).toBeInTheDocument();
    // The preview makes the same copy and check as Create: the number is left out of the text field, and said so.
    const preview = screen.getByRole('region', { name: 'Preview with the example application' });
    expect(within(preview).getByText('Left empty: the form does not take these values')).toBeInTheDocument();
    expect(within(preview).getByText(/^Loan amount \(from \/loan\/amount\): /)).toBeInTheDocument();
    expect(within(amount).getByRole('combobox', { name: 'Application data for Loan amount' })).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove link of Loan amount' }));
    expect(screen.queryByText(/with a type mismatch/)).not.toBeInTheDocument();
    // Full name, Email and Date of birth fit; Loan amount's suggestion does not.
    await user.click(screen.getByRole('button', { name: 'Link all strong suggestions (3)' }));
    expect(screen.getByText('3 of 6 fields linked')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('marks a suggestion that only shares a word as weak, and leaves it out of "Link all strong suggestions"', async () => {
    const schema = seedGeneratedForm();
    schema.jsonSchema = { ...schema.jsonSchema, properties: { ...(schema.jsonSchema.properties as JsonObject), nameSuffix: { type: 'string' } } };
    schema.layout.pages[0]?.sections[0]?.fields.push({ id: 'suffix', path: '/nameSuffix', widget: 'text', label: 'Name suffix', pdfFieldName: 'Name_Suffix' });
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    const suffix = await waitFor(() => rowOf('Name suffix'));
    expect(within(suffix).getByText('Suggested: /applicant/name')).toBeInTheDocument();
    expect(within(suffix).getByText('Weak match: check it before linking')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link all strong suggestions (3)' }));
    expect(screen.getByText('3 of 7 fields linked')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Not linked (4)' })).getByText('Name suffix')).toBeInTheDocument();
  });

  it('finds any path with the searchable picker', async () => {
    seedGeneratedForm();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    const picker = await screen.findByRole('combobox', { name: 'Application data for Town' });
    await user.click(picker);
    await user.type(picker, 'city');
    await user.click(await screen.findByRole('option', { name: '/address/city' }));
    expect(within(rowOf('Town')).getByText('Example: Halifax')).toBeInTheDocument();
  });

  it('saves the links on the schema\'s fields; an instance created from an application is then pre-filled by them', async () => {
    seedGeneratedForm();
    const onSaved = vi.fn();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} onSaved={onSaved} />);
    await user.click(await screen.findByRole('button', { name: 'Link all strong suggestions (3)' }));
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const stored = backend.db.formSchemas.find((s) => s.formSchemaId === formSchemaId);
    const links = Object.fromEntries(stored!.layout.pages[0]!.sections[0]!.fields.map((f) => [f.id, f.linkedPath]));
    expect(links).toEqual({
      'full-name': '/applicant/name',
      email: '/applicant/email',
      birth: '/applicant/dateOfBirth',
      amount: undefined,
      agree: undefined,
      town: undefined,
    });
    expect(await screen.findByRole('button', { name: 'Save links' })).toBeDisabled();

    const response = await fetch(`${base}/api/DynamicFormLinking/Create?schemaId=${formSchemaId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(backend.db.exampleApplication),
    });
    const instance = (await response.json()) as { data: JsonObject };
    expect(instance.data).toMatchObject({ fullName: 'Grace Hopper', email: 'grace.hopper@example.com', birthDate: '1986-12-09' });
  });

  /** An instance of the generated form's version (`isDeleted`: one the instance lists do not show). */
  function addInstance(isDeleted: boolean, schema = seedGeneratedForm()) {
    const now = new Date();
    backend.db.formInstances.push({
      formInstanceId: '7a0c1e52-0b7e-4f51-9a51-3d1f2e000003',
      formSchemaId: schema.formSchemaId,
      formId,
      data: {},
      status: FormInstanceStatus.Created,
      envelopeId: null,
      envelopeStatus: null,
      isDeleted,
      createdDateTime: now,
      lastUpdatedDateTime: now,
    });
  }
  const inUseText = 'This version already has instances, so its links cannot change. Make a new version in the builder first.';

  it.each([
    ['an instance', false],
    ['only a deleted instance (the lists do not show it; it keeps the layout all the same)', true],
  ])('says before any work that the links of a version with %s cannot change, and offers no change', async (_, isDeleted) => {
    addInstance(isDeleted);
    renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    expect(await screen.findByText(inUseText)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link /applicant/name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save links' })).not.toBeInTheDocument();
    for (const picker of screen.getAllByRole('combobox', { name: /^Application data for / })) expect(picker).toBeDisabled();
  });

  it('says why when the server refuses the save all the same (an instance submitted since the page opened)', async () => {
    const schema = seedGeneratedForm();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} />);
    await user.click(await screen.findByRole('button', { name: 'Link /applicant/name' }));
    addInstance(false, schema);
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    // (A toast of an earlier test may still be on screen: the refusal is found by its words, inside an alert.)
    const refusal = await screen.findByText(inUseText);
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
  });

  it("offers 'Back to Forms' on the page too, not only when the schema cannot be shown", async () => {
    seedGeneratedForm();
    const onBack = vi.fn();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} onBack={onBack} />);
    await screen.findByText('0 of 6 fields linked');
    await user.click(screen.getByRole('button', { name: 'Back to Forms' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("offers 'Back to the form' in its place once the schema is in, with the host's onOpenForm: the schema's form", async () => {
    seedGeneratedForm();
    const onBack = vi.fn();
    const onOpenForm = vi.fn();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} onBack={onBack} onOpenForm={onOpenForm} />);
    await screen.findByText('0 of 6 fields linked');
    expect(screen.queryByRole('button', { name: 'Back to Forms' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect(onOpenForm).toHaveBeenCalledWith(formId);
    expect(onBack).not.toHaveBeenCalled();
  });

  it('asks before going back with links changed but not saved: Keep editing stays with the change, Leave goes', async () => {
    seedGeneratedForm();
    const onOpenForm = vi.fn();
    const onDirtyChange = vi.fn();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} onOpenForm={onOpenForm} onDirtyChange={onDirtyChange} />);
    await user.click(await screen.findByRole('button', { name: 'Link /applicant/name' }));
    await screen.findByText('1 of 6 fields linked');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('The links you changed are not saved. Leaving drops them.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument());
    expect(onOpenForm).not.toHaveBeenCalled();
    expect(screen.getByText('1 of 6 fields linked')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    expect(onOpenForm).toHaveBeenCalledWith(formId);
  });

  it('goes back at once with nothing changed, and tells the host when the changes are undone', async () => {
    seedGeneratedForm();
    const onOpenForm = vi.fn();
    const onDirtyChange = vi.fn();
    const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} onOpenForm={onOpenForm} onDirtyChange={onDirtyChange} />);
    await user.click(await screen.findByRole('button', { name: 'Link /applicant/name' }));
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    await screen.findByText('0 of 6 fields linked');
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect(onOpenForm).toHaveBeenCalledWith(formId);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps 'Back to Forms' where there is no schema, onOpenForm or not", async () => {
    const onBack = vi.fn();
    const { user } = renderInApi(<FormDataLinking formSchemaId="7a0c1e52-0b7e-4f51-9a51-3d1f2e0000ff" onBack={onBack} onOpenForm={vi.fn()} />);
    expect(await screen.findByText('This form schema does not exist, or it was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to the form' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Forms' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('says when the schema does not exist', async () => {
    renderInApi(<FormDataLinking formSchemaId="7a0c1e52-0b7e-4f51-9a51-3d1f2e0000ff" />);
    expect(await screen.findByText('This form schema does not exist, or it was deleted.')).toBeInTheDocument();
  });

  it.each(['not-a-guid', "x') or true or ('", '00000000-0000-0000-0000-00000000000'])(
    'says "not found", with a way back, for an id that is not a GUID (%s) instead of crashing',
    async (formSchemaId) => {
      const onBack = vi.fn();
      const { user } = renderInApi(<FormDataLinking formSchemaId={formSchemaId} onBack={onBack} />);
      expect(await screen.findByText('This form schema does not exist, or it was deleted.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back to Forms' }));
      expect(onBack).toHaveBeenCalledTimes(1);
    },
  );
});
