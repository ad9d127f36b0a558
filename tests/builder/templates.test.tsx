import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api';
import type { FormSchema } from '../../src/api/types';
import { copyOfForm, FORM_TEMPLATES, formTemplate, jobApplicationTemplate } from '../../src/builder/templates';
import { checkFormDraft, createFormEngine, WIDGET_KINDS } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { defaultLabels } from '../../src/query/labels';
import { createFakeBackend } from '../../src/testing';
import { seedIds } from '../../src/testing/seed-ids';
import { renderWithProviders } from '../support/render';

const asSchema = (id: string, draft: ReturnType<typeof jobApplicationTemplate>): FormSchema => ({
  formSchemaId: `template-${id}`,
  formId: 'template',
  name: id,
  version: 1,
  isPublic: false,
  isDeleted: false,
  createdDateTime: new Date(0),
  lastUpdatedDateTime: new Date(0),
  ...draft,
});

describe('form templates', () => {
  it.each(FORM_TEMPLATES.map((t) => [t.id, t] as const))('%s passes the save check, has its texts, and is a fresh copy each time', (_id, template) => {
    expect(checkFormDraft(template.create(), WIDGET_KINDS)).toEqual([]);
    expect(defaultLabels[template.nameLabel]).toBeTruthy();
    expect(defaultLabels[template.descriptionLabel]).toBeTruthy();
    const a = template.create();
    a.layout.pages.push({ id: 'x', title: 'X', sections: [] });
    expect(template.create().layout.pages.some((p) => p.id === 'x')).toBe(false);
    expect(formTemplate(template.id)).toBe(template);
  });

  it.each(FORM_TEMPLATES.filter((t) => t.id !== 'blank').map((t) => [t.id, t] as const))('%s renders with the public renderer', async (id, template) => {
    const draft = template.create();
    renderWithProviders(<FormRenderer schema={asSchema(id, draft)} progressive={false} />);
    const firstField = draft.layout.pages[0]!.sections[0]!.fields[0]!;
    expect(await screen.findByRole('textbox', { name: new RegExp(firstField.label) })).toBeInTheDocument();
  });

  it('job application: an employment history of 1 to 10 jobs, "Until" only for a job left, a permit number only when needed', async () => {
    const draft = jobApplicationTemplate();
    const history = draft.layout.pages[1]!.sections[0]!;
    expect(history.repeatable).toMatchObject({ path: '/employment', minItems: 1, maxItems: 10 });
    const engine = createFormEngine(asSchema('job', draft));
    engine.addItem('/employment');
    engine.setValue('/employment/0/current', true);
    expect(engine.getFieldState('/employment/0/until').visible).toBe(false);
    engine.setValue('/employment/0/current', false);
    expect(engine.getFieldState('/employment/0/until').visible).toBe(true);
    expect(engine.getFieldState('/role/permitNumber').visible).toBe(false);
    engine.setValue('/role/needsPermit', true);
    expect(engine.getFieldState('/role/permitNumber')).toMatchObject({ visible: true, required: true });
  });
});

describe('copyOfForm', () => {
  const backend = createFakeBackend();
  backend.setCurrentUser('admin');
  const base = 'http://templates.test';
  const server = setupServer(...backend.handlers(base));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  const client = createApiClient({ baseUrl: base, retry: { retries: 0 } });

  it("loads a form's current version as a new draft, a deep copy", async () => {
    const copy = await copyOfForm(client, seedIds.forms.expenseClaim);
    const current = backend.db.formSchemas.find((s) => s.formSchemaId === seedIds.formSchemas.expenseClaimV2)!;
    expect(copy?.form.name).toBe('Expense Claim');
    expect(copy?.formSchema.version).toBe(current.version);
    expect(copy?.draft).toEqual({ jsonSchema: current.jsonSchema, layout: current.layout });
    copy!.draft.layout.pages[0]!.title = 'Changed';
    expect(current.layout.pages[0]!.title).not.toBe('Changed');
    expect(checkFormDraft(copy!.draft, WIDGET_KINDS)).toEqual([]);
  });

  it('answers null for a form that does not exist', async () => {
    expect(await copyOfForm(client, '50000000-0000-4000-8000-0000000000ff')).toBeNull();
  });
});

