import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import { defaultFormLabels } from '../../src/forms/labels';
import { englishLabels, type Labels } from '../../src/labels';
import { germanFormLabels, germanLabels } from '../../src/locales/de';
import { CLAIM_CATALOGUE } from '../../src/domain/claim-catalogue';
import { seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, resetFakeBackend } from '../../stories/support/fakeBackend';
import * as EffectivePermissionsStories from '../../stories/admin/EffectivePermissions.stories';
import * as PermissionHistoryStories from '../../stories/admin/PermissionHistory.stories';
import * as RoleManagementStories from '../../stories/admin/RoleManagement.stories';
import * as UserRoleManagementStories from '../../stories/admin/UserRoleManagement.stories';
import * as LoginCallbackStories from '../../stories/auth/LoginCallback.stories';
import * as RequireAdminStories from '../../stories/auth/RequireAdmin.stories';
import * as FormBuilderStories from '../../stories/builder/FormBuilder.stories';
import * as PropertiesStories from '../../stories/builder/properties.stories';
import * as SignDocumentStories from '../../stories/signing/SignDocument.stories';
import * as AdminDashboardStories from '../../stories/forms-admin/AdminDashboard.stories';
import * as FormDataLinkingStories from '../../stories/forms-admin/FormDataLinking.stories';
import * as FormGroupDetailStories from '../../stories/forms-admin/FormGroupDetail.stories';
import * as FormGroupListStories from '../../stories/forms-admin/FormGroupList.stories';
import * as FormInstanceListStories from '../../stories/forms-admin/FormInstanceList.stories';
import * as FormListStories from '../../stories/forms-admin/FormList.stories';
import * as FormManagerStories from '../../stories/forms-admin/FormManager.stories';
import * as FormPreviewStories from '../../stories/forms-admin/FormPreview.stories';
import * as FormSchemaListStories from '../../stories/forms-admin/FormSchemaList.stories';
import * as FormSchemaManagerStories from '../../stories/forms-admin/FormSchemaManager.stories';
import * as PdfFormImportStories from '../../stories/forms-admin/PdfFormImport.stories';
import * as SigningListStories from '../../stories/forms-admin/SigningList.stories';
import * as CurrentFormViewerStories from '../../stories/viewer/CurrentFormViewer.stories';
import * as FormInstanceViewerStories from '../../stories/viewer/FormInstanceViewer.stories';

// Every screen as Storybook shows it with the toolbar's language set to Deutsch: the screen's story, rendered with the
// project's decorators (Mantine, the API provider with the German pack, its form texts and locale) on the stories'
// fake backend, shows no text of the English pack: no text node, accessible name (aria-label), placeholder or title
// is an English text the German pack words differently, and no English sentence (three words or more) appears
// anywhere in the page's text. What the fake backend holds (seeded names, form content) is data, not a text of the
// library, and is left out. MSW runs in Node: the addon's loader applies each story's `parameters.msw` to it.
const server = setupServer();
/**
 * The requests of the story on the page that MSW has not finished answering (its life-cycle events, by request id).
 * Emptied as each story renders: a request of an earlier story, cut off when it was unmounted, never ends, and is not
 * the next story's to wait for.
 */
const inFlight = new Set<string>();
server.events.on('request:start', ({ requestId }) => {
  inFlight.add(requestId);
});
server.events.on('request:end', ({ requestId }) => {
  inFlight.delete(requestId);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => notifications.clean());
setProjectAnnotations({
  ...preview,
  initialGlobals: { ...preview.initialGlobals, locale: 'de' },
  loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)],
});

type Texts = Readonly<Record<string, string>>;
/** The English texts (the library's and the form renderer's) the German pack words differently. */
const english = [
  ...(Object.keys(englishLabels) as (keyof Labels)[]).filter((k) => germanLabels[k] !== englishLabels[k]).map((k) => englishLabels[k]),
  ...Object.keys(defaultFormLabels)
    .filter((k) => (germanFormLabels as Texts)[k] !== (defaultFormLabels as Texts)[k])
    .map((k) => (defaultFormLabels as Texts)[k]!),
];
const exact = new Set(english.filter((t) => !t.includes('{')));
const sentences = [
  ...new Set(
    english
      .flatMap((t) => t.split(/\{[^}]*\}/))
      .map((part) => part.trim())
      .filter((part) => part.split(/\s+/).length >= 3),
  ),
];

/**
 * Data, not texts of the library: the claim catalogue's permission areas (the claim keys' prefixes, identifiers like
 * the keys themselves).
 */
const claimAreas = CLAIM_CATALOGUE.map((c) => c.key.split('_')[0]!);

/** Every string the fake backend holds (names, form content, JSON held as text), read after a story's loaders ran. */
function backendData(): Set<string> {
  const found = new Set<string>(claimAreas);
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      found.add(value.trim());
      if (/^\s*[[{]/.test(value)) {
        try {
          walk(JSON.parse(value) as unknown);
        } catch {
          // not JSON: the text itself is the datum
        }
      }
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(fakeBackend.db);
  return found;
}

/** What of the page is English: text nodes, names and hints equal to an English text, and English sentences. */
function englishOnPage(data: ReadonlySet<string> = new Set()): string[] {
  // A text node or a name is data when a datum is exactly that text; a sentence, when a datum holds it.
  const isData = (text: string) => data.has(text);
  const inData = (sentence: string) => [...data].some((d) => d.includes(sentence));
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (exact.has(text) && !isData(text)) found.add(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const attr of ['aria-label', 'placeholder', 'title']) {
      const value = el.getAttribute(attr)?.trim();
      if (value && exact.has(value) && !isData(value)) found.add(`${attr}: ${value}`);
    }
  }
  const all = document.body.textContent ?? '';
  for (const sentence of sentences) if (all.includes(sentence) && !inData(sentence)) found.add(sentence);
  return [...found];
}

/** Whether the page still waits for data: a loader, a busy region or a loading text of the pack. */
const loadingTexts = (Object.keys(germanLabels) as (keyof Labels)[]).filter((k) => /^loading/i.test(k)).map((k) => germanLabels[k]);
function stillLoading(): boolean {
  if (document.querySelector('.mantine-Loader-root, [aria-busy="true"]')) return true;
  const all = document.body.textContent ?? '';
  return loadingTexts.some((t) => all.includes(t));
}

type Story = { load(): Promise<void> } & ComponentType<Record<string, unknown>>;

/**
 * Runs a story's loaders, renders it in German and waits until its data is in: until `dataIn` holds (it throws until
 * then) with nothing loading any more, or, without `dataIn`, until nothing loads and the page is still for a moment.
 * Waiting for the data checked, rather than for quiet, holds however slowly a busy machine renders; `dataIn` runs on
 * every change of the page, so it should use cheap queries (text, not roles).
 */
async function renderGermanStory(Story: Story, args: Record<string, unknown> = {}, dataIn?: () => void): Promise<Set<string>> {
  await Story.load();
  const data = backendData();
  inFlight.clear();
  render(<Story {...args} />);
  if (dataIn) {
    await waitFor(
      () => {
        dataIn();
        expect(stillLoading(), 'nothing loads any more').toBe(false);
      },
      { timeout: 45000 },
    );
    return data;
  }
  await waitFor(() => expect(document.body.textContent?.trim()).not.toBe(''), { timeout: 5000 });
  // Settled: no request is waiting for its answer, nothing shows that it loads, and what is already scheduled (an
  // answer's handling by the query cache, React's renders and effects, which may start the next request) runs within
  // act and changes nothing on the page. Each of these is an event, not a length of time, so a busy machine only
  // takes longer to get there.
  await waitFor(
    async () => {
      expect(inFlight.size, 'no request waits for its answer').toBe(0);
      expect(stillLoading(), 'nothing loads any more').toBe(false);
      const before = document.body.innerHTML;
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(inFlight.size, 'no request waits for its answer').toBe(0);
      expect(document.body.innerHTML === before, 'what was scheduled changed nothing').toBe(true);
    },
    { timeout: 45000 },
  );
  return data;
}

const Role = composeStories(RoleManagementStories);
const UserRole = composeStories(UserRoleManagementStories);
const Effective = composeStories(EffectivePermissionsStories);
const History = composeStories(PermissionHistoryStories);
const Login = composeStories(LoginCallbackStories);
const Admin = composeStories(RequireAdminStories);
const Builder = composeStories(FormBuilderStories);
const Dashboard = composeStories(AdminDashboardStories);
const Linking = composeStories(FormDataLinkingStories);
const GroupDetail = composeStories(FormGroupDetailStories);
const GroupList = composeStories(FormGroupListStories);
const Instances = composeStories(FormInstanceListStories);
const Forms = composeStories(FormListStories);
const Manager = composeStories(FormManagerStories);
const Preview = composeStories(FormPreviewStories);
const Schemas = composeStories(FormSchemaListStories);
const SchemaManager = composeStories(FormSchemaManagerStories);
const PdfImport = composeStories(PdfFormImportStories);
const Signing = composeStories(SigningListStories);
const Current = composeStories(CurrentFormViewerStories);
const Viewer = composeStories(FormInstanceViewerStories);
const Sign = composeStories(SignDocumentStories);
const Properties = composeStories(PropertiesStories);

describe('screens with the German pack', () => {
  it('the checks find English: the same texts in English fail them, and the data is left out', () => {
    render(<p aria-label={englishLabels.fbPalette}>{englishLabels.roleManagementTitle} {englishLabels.clearAllConfirm}</p>);
    expect(englishOnPage()).toEqual(expect.arrayContaining(['Role Management', `aria-label: ${englishLabels.fbPalette}`, englishLabels.clearAllConfirm]));
    expect(englishOnPage(new Set(['Role Management', englishLabels.clearAllConfirm]))).toEqual([`aria-label: ${englishLabels.fbPalette}`]);
    expect(sentences.length).toBeGreaterThan(500);
    expect(exact.has(defaultFormLabels.submit), "the form renderer's texts are checked too").toBe(true);
  });

  it('Role Management: the claims described in German', async () => {
    // The group's permissions are in once their descriptions are, in German.
    const data = await renderGermanStory(Role.GroupSelected as Story, { initialGroupId: seedIds.claimGroups.signers }, () =>
      expect(screen.getAllByText(germanLabels.claim_Form_Delete).length, 'a claim described in German').toBeGreaterThan(0),
    );
    expect(screen.getByRole('heading', { level: 1, name: germanLabels.roleManagementTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: germanLabels.saveChanges })).toBeInTheDocument();
    expect(screen.getAllByText(germanLabels.claim_Form_Delete).length, 'a claim described in German').toBeGreaterThan(0);
    expect(englishOnPage().filter((t) => claimAreas.includes(t)).length, 'the permission areas are there, as identifiers').toBeGreaterThan(0);
    expect(englishOnPage(data)).toEqual([]);
  });

  it('Form Instances', async () => {
    const data = await renderGermanStory(Instances.Populated as Story);
    expect(screen.getByRole('table', { name: germanLabels.formInstanceListTitle })).toBeInTheDocument();
    expect(screen.getByText(seedIds.formInstances.loanSubmitted.slice(-8))).toBeInTheDocument();
    expect(screen.getAllByText(germanLabels.statusSubmitted).length).toBeGreaterThan(0);
    expect(englishOnPage(data)).toEqual([]);
  });

  it("a row's buttons say their action, then the row, in the German pack's order and marks", async () => {
    await renderGermanStory(GroupList.Populated as Story);
    const edits = screen.getAllByRole('button', { name: new RegExp(`^${germanLabels.edit}`) });
    expect(edits.length).toBeGreaterThan(0);
    for (const edit of edits) expect(edit.getAttribute('aria-label')).toMatch(new RegExp(`^${germanLabels.edit}: \\S`));
    expect(germanLabels.labelFor).not.toBe(englishLabels.labelFor);
  });

  it('the form builder of a new form: palette, templates, canvas', async () => {
    const data = await renderGermanStory(Builder.Empty as Story);
    expect(screen.getByRole('navigation', { name: germanLabels.fbPalette })).toBeInTheDocument();
    expect(screen.getByText(germanLabels.fbWidget_text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: germanLabels.builderTemplateContact })).toBeInTheDocument();
    expect(englishOnPage(data)).toEqual([]);
  });

  it.each([
    ['User & Role Management, a user chosen', UserRole.UserSelected],
    ['User & Role Management, a user group chosen', UserRole.GroupSelected],
    ['Why can they? (effective permissions)', Effective.UserExplained],
    ['Permission history', History.RoleHistory],
    ['Sign-in callback, signed in', Login.SignedIn],
    ['Sign-in callback, failed', Login.Failed],
    // The story's page under the guard is the host's, with the host's own words.
    ['Admin area guard', Admin.Administrator, ['Admin home']],
    ['Form builder, a saved form', Builder.Populated],
    ["Form builder, a number field's properties", Properties.NumberField],
    ["Form builder, a choice field's properties", Properties.ChoiceField],
    ["Form builder, a list field's properties", Properties.ListField],
    // The story's harness hands the rule editor its legend in English, as a host would its own words.
    ['Form builder, the rule editor', Properties.RuleEditorNestedWithBrokenRule, ['Show this field when']],
    // Every tile, and 'Needs attention' with each of its lines (an e-mail that could not be sent too).
    ['Admin dashboard', Dashboard.MailFailed],
    ['Form data linking', Linking.WithSuggestions],
    ['Form group', GroupDetail.Populated],
    ['Form groups', GroupList.Populated],
    ['Forms', Forms.Populated],
    ['Form manager', Manager.Populated],
    ['Form preview', Preview.Populated],
    ['Form schemas', Schemas.Populated],
    ['Form schema manager', SchemaManager.Populated],
    ['PDF import', PdfImport.Default],
    ['Signing', Signing.Populated],
    ['Public form, current version', Current.CurrentVersion],
    ['Public form instance, edit', Viewer.EditInstance],
    ["The signer's page", Sign.Review],
    ['Form Instances, none yet', Instances.Empty],
    ['Form Instances, failing to load', Instances.LoadFailed],
    ['Role Management, failing to load', Role.ClaimGroupsFailToLoad],
    ['User & Role Management, users failing to load', UserRole.UsersFailToLoad],
    ['Admin dashboard, empty', Dashboard.Empty],
    ['Form manager, not found', Manager.NotFound],
    ['Public form instance, link expired', Viewer.LinkExpired],
    ['Public form instance, not found', Viewer.NotFound],
    ['Public form instance, save failing', Viewer.SaveFailing],
  ] as [string, unknown, string[]?][])('%s', async (_name, Story, hostTexts = []) => {
    const data = await renderGermanStory(Story as Story);
    for (const text of hostTexts) data.add(text);
    expect(document.body.textContent?.trim()).not.toBe('');
    expect(englishOnPage(data)).toEqual([]);
  });
});
