import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { seedIds } from '../../src/testing/seed-ids';
import { renderInApi, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';

setupFakeApi();

const canvas = () => screen.getByRole('region', { name: 'Form' });

describe('FormBuilder: renaming in place where a page, a section and a field share an id', () => {
  // The seeded loan application's last page, its section and its checkbox are all 'consent'.
  it('a double click on the page title opens one box, the page’s, and renames the page only', async () => {
    const { user } = renderInApi(<FormBuilder formId={seedIds.forms.loanApplication} draftStorage={memoryStorage()} />);
    await screen.findByRole('button', { name: 'Field I confirm the information above is correct' }, { timeout: 15_000 });
    const pageTitle = within(canvas()).getByRole('heading', { name: 'Consent', level: 2 });
    await user.dblClick(pageTitle);
    const box = within(canvas()).getByRole('textbox', { name: 'Page title' });
    expect(box).toHaveFocus();
    expect(within(canvas()).queryByRole('textbox', { name: 'Section title' })).toBeNull();
    expect(within(canvas()).queryByRole('textbox', { name: 'Label' })).toBeNull();
    await user.clear(box);
    await user.keyboard('Signature{Enter}');
    await waitFor(() => expect(within(canvas()).getByRole('region', { name: 'Page Signature' })).toBeInTheDocument());
    // The section and the field of the same id keep their names.
    expect(within(canvas()).getByRole('heading', { name: 'Consent and signature', level: 3 })).toBeInTheDocument();
    expect(within(canvas()).getByRole('button', { name: 'Field I confirm the information above is correct' })).toBeInTheDocument();
  }, 30_000);

  it('F2 on the section opens its box alone and renames the section, not the field or the page', async () => {
    const { user } = renderInApi(<FormBuilder formId={seedIds.forms.loanApplication} draftStorage={memoryStorage()} />);
    await screen.findByRole('button', { name: 'Field I confirm the information above is correct' }, { timeout: 15_000 });
    const section = within(canvas()).getByRole('button', { name: 'Section Consent and signature' });
    section.focus();
    await user.keyboard('{F2}');
    const box = within(canvas()).getByRole('textbox', { name: 'Section title' });
    expect(box).toHaveFocus();
    expect(within(canvas()).queryByRole('textbox', { name: 'Page title' })).toBeNull();
    await user.clear(box);
    await user.keyboard('Agreement{Enter}');
    await waitFor(() => expect(within(canvas()).getByRole('heading', { name: 'Agreement', level: 3 })).toBeInTheDocument());
    expect(within(canvas()).getByRole('heading', { name: 'Consent', level: 2 })).toBeInTheDocument();
    expect(within(canvas()).getByRole('button', { name: 'Field I confirm the information above is correct' })).toBeInTheDocument();
  }, 30_000);
});
