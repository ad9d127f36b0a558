import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { RoleManagement } from '../../src/admin';
import { FormBuilder } from '../../src/builder';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { englishLabels, type Labels } from '../../src/labels';
import { germanLabels, germanLocale } from '../../src/locales/de';
import { APIProvider } from '../../src/query/APIProvider';
import { CLAIM_CATALOGUE } from '../../src/domain/claim-catalogue';
import { seedIds } from '../../src/testing/seed-ids';
import { base, setupFakeApi } from '../admin/support/screen';
import { renderWithProviders } from '../support/render';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';

// Screens rendered with the German pack on the provider show no text of the English pack: no text node, accessible
// name (aria-label), placeholder or title is an English text the German pack words differently, and no English
// sentence (three words or more) appears anywhere in the page's text.
setupFakeApi();
afterEach(() => notifications.clean());

const keysOf = Object.keys(englishLabels) as (keyof Labels)[];
/** The English texts the German pack words differently, without their placeholders' fill-ins. */
const english = keysOf.filter((k) => germanLabels[k] !== englishLabels[k]).map((k) => englishLabels[k]);
const exact = new Set(english.filter((t) => !t.includes('{')));
const sentences = english
  .flatMap((t) => t.split(/\{[^}]*\}/))
  .map((part) => part.trim())
  .filter((part) => part.split(/\s+/).length >= 3);

function renderGerman(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }} labels={germanLabels} locale={germanLocale}>
      {ui}
    </APIProvider>,
  );
}

/**
 * Data, not texts of the library: the claim catalogue's permission areas (the claim keys' prefixes, identifiers like
 * the keys) and the seeded claim group's name. The claims' descriptions are texts of the packs (`claim_<key>`).
 */
const claimData = new Set([...CLAIM_CATALOGUE.map((c) => c.key.split('_')[0]!), 'Signers']);

/** What of the page is English: text nodes, names and hints equal to an English text, and English sentences. */
function englishOnPage(except: ReadonlySet<string> = new Set()): string[] {
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (exact.has(text) && !except.has(text)) found.add(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const attr of ['aria-label', 'placeholder', 'title']) {
      const value = el.getAttribute(attr)?.trim();
      if (value && exact.has(value) && !except.has(value)) found.add(`${attr}: ${value}`);
    }
  }
  const all = document.body.textContent ?? '';
  for (const sentence of sentences) if (all.includes(sentence) && ![...except].some((d) => d.includes(sentence))) found.add(sentence);
  return [...found];
}

describe('screens with the German pack', () => {
  it('the checks find English: the same screen in English fails them', async () => {
    renderWithProviders(<p aria-label={englishLabels.fbPalette}>{englishLabels.roleManagementTitle} {englishLabels.clearAllConfirm}</p>);
    expect(englishOnPage()).toEqual(expect.arrayContaining(['Role Management', `aria-label: ${englishLabels.fbPalette}`, englishLabels.clearAllConfirm]));
    expect(sentences.length).toBeGreaterThan(500);
  });

  it('Role Management', async () => {
    renderGerman(<RoleManagement initialGroupId={seedIds.claimGroups.signers} />);
    expect(await screen.findByRole('heading', { level: 1, name: germanLabels.roleManagementTitle })).toBeInTheDocument();
    await screen.findByRole('button', { name: germanLabels.saveChanges }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText(germanLabels.loadingClaims)).not.toBeInTheDocument(), { timeout: 5000 });
    expect(englishOnPage().filter((t) => claimData.has(t)).length, 'the claim data is there, and in English').toBeGreaterThan(0);
    expect(screen.getAllByText(germanLabels.claim_Form_Delete).length, 'a claim described in German').toBeGreaterThan(0);
    expect(englishOnPage(claimData)).toEqual([]);
  });

  it('Form Instances', async () => {
    renderGerman(<FormInstanceList />);
    expect(await screen.findByRole('table', { name: germanLabels.formInstanceListTitle }, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByText(seedIds.formInstances.loanSubmitted.slice(-8), undefined, { timeout: 5000 });
    expect(screen.getAllByText(germanLabels.statusSubmitted).length).toBeGreaterThan(0);
    expect(englishOnPage()).toEqual([]);
  });

  it('the form builder of a new form: palette, templates, canvas', async () => {
    renderGerman(<FormBuilder />);
    expect(await screen.findByRole('navigation', { name: germanLabels.fbPalette }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(germanLabels.fbWidget_text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: germanLabels.builderTemplateContact })).toBeInTheDocument();
    expect(englishOnPage()).toEqual([]);
  });
});
