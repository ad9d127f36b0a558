import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormInstance, FormLayout, FormSchema } from '../../src/api/types';
import { FormRenderer } from '../../src/forms/FormRenderer';
import { pickerSearchOf } from '../../src/admin/shared/picker-search';
import type { HolderSearch } from '../../src/admin/shared/useHolderSearch';
import { tablePagingTexts } from '../../src/forms-admin/shared/useServerTable';
import { auditCheckText } from '../../src/forms-admin/SigningList/SigningList';
import { InstancesTable } from '../../src/forms-admin/FormManager/InstancesTable';
import { fillCount, fillNumbers, formatMoment } from '../../src/labels/format';
import { englishLabels, type Labels } from '../../src/labels';
import { germanFormLabels, germanLabels, germanLocale } from '../../src/locales/de';
import { frenchLabels, frenchLocale } from '../../src/locales/fr';
import { APIProvider } from '../../src/query/APIProvider';
import { ResumePrompt } from '../../src/viewer/ResumePrompt';
import { renderWithProviders } from '../support/render';

// `APIProvider`'s `locale` is the locale of every date, time and number the components write; without it, the
// browser's.
const updatedAt = '2026-03-05T11:07:00Z';
const progress = { formInstanceId: null, linkToken: null, draft: null, updatedAt };
const layout = { pages: [{ id: 'p', title: '', sections: [{ id: 's', title: '', fields: [{ id: 'a', path: '/a', widget: 'text', label: 'Name' }] }] }] } as unknown as FormLayout;

function renderPrompt(locale: string | undefined, labels: Labels = englishLabels) {
  return renderWithProviders(
    <APIProvider baseUrl="http://127.0.0.1:9" locale={locale}>
      <ResumePrompt progress={progress} layout={layout} data={{ a: 'x' }} labels={labels} titleOrder={2} onContinue={() => {}} onStartAgain={() => {}} />
    </APIProvider>,
  );
}

function search(shown: number, total: number): HolderSearch<{ id: string; name: string }> {
  const rows = Array.from({ length: shown }, (_, i) => ({ id: String(i), name: `n${i}` }));
  return { search: '', setSearch: () => {}, total, rows, busy: false, tooLongOver: null } as unknown as HolderSearch<{ id: string; name: string }>;
}

describe('the locale of dates and numbers', () => {
  it("writes the resume prompt's date German-style with locale 'de-DE', French-style with 'fr-FR', the browser's without", () => {
    const { unmount } = renderPrompt(germanLocale, germanLabels);
    const german = screen.getByText(/Bisher beantwortet/).textContent ?? '';
    expect(german).toMatch(/am 05\.03\.2026, \d{2}:07 auf diesem Gerät/);
    expect(german).not.toMatch(/Mar|2026-03/);
    unmount();

    const french = renderPrompt(frenchLocale, frenchLabels);
    expect(screen.getByText(/Réponses données/).textContent).toMatch(/le 5 mars 2026/);
    french.unmount();

    renderPrompt(undefined);
    const browsers = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(updatedAt));
    expect(screen.getByText(/Answered so far/).textContent).toContain(browsers);
  });

  it("writes a list's date-time and a count German-style with locale 'de-DE'", () => {
    expect(formatMoment(updatedAt, 'de-DE')).toMatch(/^5\. März 2026, \d{2}:07/);
    expect(formatMoment(updatedAt, 'en-US')).toMatch(/^Mar 5, 2026/);
    // The hour as each locale writes it: no leading zero on a 12-hour clock (as the other screens' times), two digits on a 24-hour one.
    const early = new Date(2026, 2, 5, 4, 7);
    expect(formatMoment(early, 'en-US')).toMatch(/^Mar 5, 2026, 4:07 AM /);
    expect(formatMoment(early, 'de-DE')).toMatch(/^5\. März 2026, 04:07 /);
    expect(pickerSearchOf(search(1000, 12345), germanLabels, 'de-DE').more).toBe('1.000 von 12.345 angezeigt: Tippen Sie weiter, um die Liste einzugrenzen');
    expect(pickerSearchOf(search(1000, 12345), englishLabels, 'en-US').more).toBe('Showing 1,000 of 12,345: type to narrow the list');
    expect(pickerSearchOf(search(1000, 12345), frenchLabels, 'fr-FR').more).toMatch(/^1\u202f000 affichés sur 12\u202f345/);
  });
});

describe('counts on the screens', () => {
  it("write every number of a text in the locale: 1.234 in German, 1,234 in English, the browser's without one", () => {
    expect(fillNumbers(germanLabels.fullSyncDone, { count: 12345 }, 'de-DE')).toBe('Synchronisierung abgeschlossen: 12.345 Benutzer vom Identitätsanbieter übernommen.');
    expect(fillNumbers(englishLabels.fullSyncDone, { count: 12345 }, 'en-US')).toBe('Full Sync finished: 12,345 users synced from the identity provider.');
    expect(fillNumbers('{name}: {count} {other}', { name: 'Liste 2026', count: 1000 }, 'fr-FR')).toBe('Liste 2026: 1\u202f000 {other}');
    expect(fillNumbers('{count}', { count: 1234.5 }, undefined)).toBe((1234.5).toLocaleString());
  });

  it("say one thing in the singular and more in the plural, never 'signer(s)', in each language", () => {
    expect(fillCount(englishLabels.sgRequested, englishLabels.sgRequestedOne, 1, 'en-US')).toBe('A signature was requested from 1 signer.');
    expect(fillCount(englishLabels.sgRequested, englishLabels.sgRequestedOne, 1200, 'en-US')).toBe('A signature was requested from 1,200 signers.');
    expect(fillCount(englishLabels.bulkDeleteTitle, englishLabels.bulkDeleteTitleOne, 1, 'en-US')).toBe('Delete 1 form instance?');
    expect(fillCount(germanLabels.bulkDeletedToast, germanLabels.bulkDeletedToastOne, 1, 'de-DE')).toBe('1 Formularinstanz wurde gelöscht.');
    expect(fillCount(frenchLabels.bjInvalid, frenchLabels.bjInvalidOne, 3, 'fr-FR')).toBe('3 problèmes : le formulaire garde sa dernière version valide jusqu’à leur correction.');
    expect(fillCount(englishLabels.piRemovedActions, englishLabels.piRemovedActionsOne, 1, 'en-US')).toMatch(/^The file held 1 action that could run a script or open something\. It was removed/);
    expect(fillCount(frenchLabels.fullSyncDone, frenchLabels.fullSyncDoneOne, 1, 'fr-FR')).toBe('Synchronisation terminée : 1 utilisateur synchronisé depuis le fournisseur d’identité.');
    // Other placeholders are filled beside the count; a text (not a number) stays as given.
    expect(fillCount(englishLabels.builderSaveUsedMany, englishLabels.builderSaveUsedOne, 1200, 'en-US', { version: '3', next: '4' })).toMatch(/^1,200 filled-in forms use version 3\. Saving makes a new version, version 4,/);
    expect(fillCount(englishLabels.builderSaveUsedMany, englishLabels.builderSaveUsedOne, 1, 'en-US', { version: '3', next: '4' })).toMatch(/^1 filled-in form uses version 3\./);
    // No label of a language guesses at a count with '(s)', '(e)' or '(en)'.
    for (const labels of [englishLabels, germanLabels, frenchLabels] as Labels[]) {
      expect(Object.entries(labels).filter(([, text]) => /\S\((s|e|en)\)/.test(String(text)))).toEqual([]);
    }
  });

  it("write a list's pagination, an audit check and the form manager's instance count in the locale", () => {
    expect(tablePagingTexts(germanLabels, 'de-DE').paginationText({ from: 1, to: 20, totalRecords: 100050 })).toBe('1–20 von 100.050');
    expect(tablePagingTexts(englishLabels, 'en-US').paginationText({ from: 1001, to: 1020, totalRecords: 100050 })).toBe('1,001–1,020 of 100,050');
    // A page button shows its number as plain digits, and its name holds what it shows (axe: label-content-name-mismatch).
    expect(tablePagingTexts(germanLabels, 'de-DE').getPaginationItemProps(1200)['aria-label']).toBe('Seite 1200');
    const instance = { formInstanceId: 'i1', formSchemaId: 's1', status: 2, lastUpdatedDateTime: updatedAt } as unknown as FormInstance;
    const audit = { envelopeId: 'e', valid: true, eventCount: 1500, expectedEventCount: 1500, keyed: true, problem: null, firstBrokenSequence: null, reason: null };
    expect(auditCheckText(audit, germanLabels, 'de-DE')).toBe('Prüfprotokoll unversehrt: 1.500 Ereignisse');
    expect(auditCheckText({ ...audit, eventCount: 1, expectedEventCount: 1 }, englishLabels, 'en-US')).toBe('Audit trail intact: 1 event');
    expect(auditCheckText({ ...audit, eventCount: 1, expectedEventCount: 1 }, frenchLabels, 'fr-FR')).toBe('Journal d’audit intact : 1 événement');

    renderWithProviders(
      <APIProvider baseUrl="http://127.0.0.1:9" locale={germanLocale} labels={germanLabels}>
        <InstancesTable rows={[instance]} total={100000} isLoading={false} error={null} schemas={[]} labels={germanLabels} />
      </APIProvider>,
    );
    expect(screen.getByText(/von 100\.000\.$/)).toBeInTheDocument();
  });
});

describe("the provider's form texts", () => {
  const schema = {
    jsonSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
    layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }] },
  } as unknown as FormSchema;

  it('word every form below in the pack, validation messages included; a renderer’s own labels win', async () => {
    const { user, unmount } = renderWithProviders(
      <APIProvider baseUrl="http://127.0.0.1:9" formLabels={germanFormLabels}>
        <FormRenderer schema={schema} onSubmit={() => {}} />
      </APIProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Absenden' }));
    expect(await screen.findByText(germanFormLabels.errorSummaryTitle)).toBeInTheDocument();
    expect(screen.getAllByText(germanFormLabels.required).length).toBeGreaterThan(0);
    expect(document.querySelector('form')?.textContent).not.toContain('This field is required');
    unmount();
    renderWithProviders(
      <APIProvider baseUrl="http://127.0.0.1:9" formLabels={germanFormLabels}>
        <FormRenderer schema={schema} labels={{ submit: 'Senden' }} onSubmit={() => {}} />
      </APIProvider>,
    );
    expect(screen.getByRole('button', { name: 'Senden' })).toBeInTheDocument();
  });
});
