// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defaultFormLabels } from '../../src/forms/labels';
import { englishLabels } from '../../src/labels';
import { localClaimDescription } from '../../src/labels/claim-labels';
import { CLAIM_CATALOGUE } from '../../src/domain/claim-catalogue';
import { defaultLabels } from '../../src/query/labels';
import { frenchFormLabels, frenchLabels, frenchLocale } from '../../src/locales/fr';
import { germanFormLabels, germanLabels, germanLocale } from '../../src/locales/de';

// The German and French packs hold every text of the English pack, key for key, with the same placeholders, and
// translate it: a value left identical to the English one is accepted only when each of its words is on the short
// list of words the two languages share (placeholders aside).
type Texts = Readonly<Record<string, string>>;

/** Words written the same in English and in the pack's language, as they appear in the packs. */
const SHARED_WORDS: Record<'de' | 'fr', readonly string[]> = {
  de: ['Browser', 'Desktop', 'Format', 'IP', 'in', 'Links', 'Maximum', 'Minimum', 'Name', 'Option', 'Position', 'Server', 'Status', 'Text', 'UTC', 'Version', 'Zoom'],
  fr: [
    'Actions', 'Condition', 'Date', 'Description', 'Designer', 'Document', 'Format', 'IP', 'Instance', 'Instances', 'Maximum', 'Menus', 'Minimum',
    'Message', 'Mode', 'Option', 'Options', 'Page', 'Pages', 'Public', 'Section', 'Signature', 'Signatures', 'UTC', 'Version', 'Versions',
  ],
};

/** The parameter names of a text: `{name}` and the plural form `{count|one|other}` both name `name`/`count`. */
function parameters(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)(?:\|[^|}]*\|[^}]*)?\}/g)].map((m) => m[1]!))].sort();
}

/** The words of a text outside its placeholders. */
function words(text: string): string[] {
  return text.replace(/\{[^}]*\}/g, ' ').match(/\p{L}+/gu) ?? [];
}

/** Keys whose value is the English one although a word of it is not shared by both languages. */
function untranslated(english: Texts, pack: Texts, shared: readonly string[]): string[] {
  const allowed = new Set(shared.map((w) => w.toLowerCase()));
  return Object.keys(english).filter((key) => pack[key] === english[key] && words(english[key]!).some((w) => !allowed.has(w.toLowerCase())));
}

const packs = [
  { lang: 'de' as const, labels: germanLabels, formLabels: germanFormLabels, locale: germanLocale },
  { lang: 'fr' as const, labels: frenchLabels, formLabels: frenchFormLabels, locale: frenchLocale },
];

describe('the English pack', () => {
  it('is the library default under both of its public names', () => {
    expect(englishLabels).toBe(defaultLabels);
    expect(Object.keys(englishLabels).length).toBeGreaterThan(1000);
  });
});

describe('the claim catalogue', () => {
  it("describes every claim with the English pack's claim_<key> text, which every pack translates", () => {
    const keys = CLAIM_CATALOGUE.map((c) => `claim_${c.key}`);
    expect(CLAIM_CATALOGUE.filter((c) => (englishLabels as Texts)[`claim_${c.key}`] !== c.description).map((c) => c.key)).toEqual([]);
    expect(Object.keys(englishLabels).filter((k) => k.startsWith('claim_') && !keys.includes(k))).toEqual([]);
    expect(CLAIM_CATALOGUE.filter((c) => germanLabels[`claim_${c.key}` as keyof typeof germanLabels] === c.description)).toEqual([]);
    expect(CLAIM_CATALOGUE.filter((c) => frenchLabels[`claim_${c.key}` as keyof typeof frenchLabels] === c.description)).toEqual([]);
  });

  it("shows a pack's text for the server's English default, and a backend's own words as they come", () => {
    expect(localClaimDescription('Form_Add', 'Create form records', germanLabels)).toBe(germanLabels.claim_Form_Add);
    expect(localClaimDescription('Form_Add', undefined, germanLabels)).toBe(germanLabels.claim_Form_Add);
    expect(localClaimDescription('Form_Add', 'Formulare anlegen (Hauswortlaut)', germanLabels)).toBe('Formulare anlegen (Hauswortlaut)');
    expect(localClaimDescription('Host_Custom', 'A claim of the host', germanLabels)).toBe('A claim of the host');
    expect(localClaimDescription('Form_Add', 'Create form records', englishLabels)).toBe('Create form records');
  });
});

describe.each(packs)('the $lang pack', ({ lang, labels, formLabels, locale }) => {
  it('has every key of the English pack and no other', () => {
    expect(Object.keys(labels).filter((k) => !(k in englishLabels)), 'keys the English pack lacks').toEqual([]);
    expect(Object.keys(englishLabels).filter((k) => !(k in labels)), 'English texts without a translation').toEqual([]);
    expect(Object.keys(formLabels).filter((k) => !(k in defaultFormLabels)), 'form keys the English pack lacks').toEqual([]);
    expect(Object.keys(defaultFormLabels).filter((k) => !(k in formLabels)), 'English form texts without a translation').toEqual([]);
  });

  it('keeps every placeholder of each English text, and adds none', () => {
    const wrong = (english: Texts, pack: Texts) =>
      Object.keys(english).filter((k) => pack[k] !== undefined && parameters(pack[k]!).join() !== parameters(english[k]!).join());
    expect(wrong(englishLabels, labels)).toEqual([]);
    expect(wrong(defaultFormLabels, formLabels)).toEqual([]);
  });

  it('translates every text: none left in English but for the words both languages share', () => {
    expect(untranslated(englishLabels, labels, SHARED_WORDS[lang])).toEqual([]);
    expect(untranslated(defaultFormLabels, formLabels, SHARED_WORDS[lang])).toEqual([]);
    expect(Object.entries({ ...labels, ...formLabels }).filter(([, v]) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });

  it('names a locale of its language that Intl knows', () => {
    expect(Intl.DateTimeFormat.supportedLocalesOf([locale])).toEqual([locale]);
    expect(locale.startsWith(`${lang}-`)).toBe(true);
  });
});

describe('the checks above', () => {
  it('find an English text missing from a pack, one left in English, and a lost placeholder', () => {
    const english = { a: 'Save the form', b: 'Version {version}', c: 'Delete {name}?' };
    expect(untranslated(english, { a: 'Save the form', b: 'Version {version}', c: 'x' }, SHARED_WORDS.de)).toEqual(['a']);
    expect(Object.keys(english).filter((k) => !(k in { a: 'Formular speichern' }))).toEqual(['b', 'c']);
    expect(parameters('{name} löschen?')).toEqual(parameters(english.c));
    expect(parameters('Löschen?')).not.toEqual(parameters(english.c));
    expect(parameters('{min} {min|Zeichen|Zeichen}')).toEqual(['min']);
  });
});
