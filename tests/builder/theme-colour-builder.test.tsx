/**
 * No fixed colour in the builder: inside a host theme whose primary colour is 'grape', the 'Unsaved changes' notice
 * of a stored draft and the save dialog's 'version in use' notice are alerts in the host's colour, never blue.
 */
import { MantineProvider, createTheme, mergeThemeOverrides } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src/builder/FormBuilder';
import { SaveFormButton } from '../../src/builder/save';
import { builderDraftKey } from '../../src/builder/useFormBuilder';
import { seedIds } from '../../src/testing/seed-ids';
import { ccqTheme } from '../../src/ui/theme';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';

const { backend } = setupFakeApi();
const HOST_PRIMARY = 'grape';
const hostTheme = mergeThemeOverrides(ccqTheme, createTheme({ primaryColor: HOST_PRIMARY }));
const inHostTheme = (ui: ReactElement) =>
  renderInApi(
    <MantineProvider theme={hostTheme} env="test">
      {ui}
    </MantineProvider>,
  );

/** The alert's colour variables name the host's primary colour and none names blue. */
function expectHostAlert(text: HTMLElement) {
  const alert = text.closest('.mantine-Alert-root') as HTMLElement;
  const variables: string[] = [];
  for (let i = 0; i < alert.style.length; i += 1) {
    const name = alert.style.item(i);
    if (name.startsWith('--alert-')) variables.push(`${name}: ${alert.style.getPropertyValue(name)}`);
  }
  expect(variables.join('; ')).toMatch(new RegExp(`--alert-color: var\\(--mantine-color-${HOST_PRIMARY}-`));
  expect(variables.join('; ')).not.toMatch(/blue/);
}

describe(`the builder with a host theme whose primary colour is '${HOST_PRIMARY}'`, () => {
  it("the stored draft's 'Unsaved changes' notice is in the host's colour", async () => {
    const storage = memoryStorage();
    const document = {
      jsonSchema: { type: 'object', properties: { name: { type: 'string' } } },
      layout: { pages: [{ id: 'p', title: 'Page', sections: [{ id: 's', title: 'Section', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }] },
    };
    const savedAt = new Date(2026, 10, 29, 5, 0, 0);
    storage.setItem(builderDraftKey(null, null), JSON.stringify({ document, savedAt: savedAt.toISOString() }));
    inHostTheme(<FormBuilder draftStorage={storage} />);
    expectHostAlert(await screen.findByText('Unsaved changes', undefined, { timeout: 10_000 }));
    // When it was written, as the other screens write a time: the date and the minute, no seconds.
    const said = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(savedAt);
    const notice = screen.getByText(/^There are unsaved changes from /);
    expect(notice).toHaveTextContent(`There are unsaved changes from ${said}. Restore them?`);
    expect(notice.textContent).not.toMatch(/\d:\d\d:\d\d/);
  });

  it("the save dialog's notice that instances use the version is in the host's colour", async () => {
    const schema = backend.db.formSchemas.find((s) => s.formSchemaId === seedIds.formSchemas.expenseClaimV2);
    if (!schema) throw new Error('seed schema missing');
    const { user } = inHostTheme(<SaveFormButton draft={{ jsonSchema: schema.jsonSchema, layout: schema.layout }} formId={seedIds.forms.expenseClaim} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expectHostAlert(await within(dialog).findByText(/Saving makes a new version/, undefined, { timeout: 10_000 }));
  });
});
