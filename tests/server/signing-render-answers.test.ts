// @vitest-environment node
/**
 * The document rendered from a form's answers (a form without a PDF template): choices read as their options' labels,
 * as view mode shows them, and the PDF's Title is the form's name (viewers show "Untitled" otherwise).
 */
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../src/api/types';
import { renderAnswers } from '../../example-host/server/signing/render-answers';
import { createDevelopmentCertificate, developmentSigner } from '../../example-host/server/signing/certificates';
import { sealDocument, sha256Of } from '../../example-host/server/signing/seal';
import type { SigningAuditEvent } from '../../src/api/types';
import { answersDocumentWords, ENGLISH_DOCUMENT_WORDS } from '../../src/domain/signing/answers-document';
import { germanLabels } from '../../src/locales/de';
import { signingMailTextsOf } from '../../src/service/mail';
import { englishLabels } from '../../src/labels/english';
import { matrixSchema } from '../../src/engine/matrix';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pdfInfo, pdfText, pngDataUrl, signaturePng } from './signing-helpers';

const options = [
  { value: 'feedback', label: 'Feedback' },
  { value: 'bug-report', label: 'Bug report' },
  { value: 'praise', label: 'Praise' },
];
const values = options.map((o) => o.value);

const schema: FormSchema = {
  formSchemaId: 'render-answers-test',
  formId: 'render-answers-form',
  version: 1,
  jsonSchema: {
    type: 'object',
    properties: {
      topic: { type: 'string', enum: values },
      kind: { type: 'string', enum: values },
      tags: { type: 'array', items: { type: 'string', enum: values }, uniqueItems: true },
      also: { type: 'array', items: { type: 'string', enum: values }, uniqueItems: true },
      plain: { type: 'string', enum: ['lower-case-enum'] },
      note: { type: 'string' },
    },
  },
  layout: {
    pages: [
      {
        id: 'p',
        title: 'Message',
        sections: [
          {
            id: 's',
            title: 'About',
            fields: [
              { id: 'f1', path: '/topic', widget: 'radio', label: 'Radio topic', options },
              { id: 'f2', path: '/kind', widget: 'select', label: 'Select kind', options },
              { id: 'f3', path: '/tags', widget: 'checkboxes', label: 'Checkbox tags', options },
              { id: 'f4', path: '/also', widget: 'multiselect', label: 'Multi also', options },
              { id: 'f5', path: '/plain', widget: 'select', label: 'Enum only' },
              { id: 'f6', path: '/note', widget: 'text', label: 'Note' },
            ],
          },
        ],
      },
    ],
  },
} as unknown as FormSchema;

describe('renderAnswers', () => {
  it('prints the option labels of radio, select, checkboxes and multi-select answers, not their stored values', async () => {
    const { bytes } = await renderAnswers({
      words: ENGLISH_DOCUMENT_WORDS,
      formName: 'Customer message',
      formInstanceId: 'instance-1',
      schema,
      data: { topic: 'feedback', kind: 'bug-report', tags: ['praise', 'feedback'], also: ['bug-report'], plain: 'lower-case-enum', note: 'feedback' },
      signers: [{ name: 'Ada Lovelace', email: 'ada@example.com' }],
    });
    const lines = (await pdfText(bytes))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Radio topic')).toBe('Feedback');
    expect(after('Select kind')).toBe('Bug report');
    expect(after('Checkbox tags')).toBe('Praise, Feedback');
    expect(after('Multi also')).toBe('Bug report');
    // No layout options: the enum value is the label, as in view mode.
    expect(after('Enum only')).toBe('lower-case-enum');
    // A text answer stays as typed.
    expect(after('Note')).toBe('feedback');
  });

  it('prints a date-time and a time as the person gave them, with their offset, not as raw ISO strings', async () => {
    const timed = {
      ...schema,
      jsonSchema: { type: 'object', properties: { visit: { type: 'string', format: 'date-time' }, at: { type: 'string', format: 'time' } } },
      layout: {
        pages: [
          {
            id: 'p',
            title: 'Visit',
            sections: [
              {
                id: 's',
                title: 'When',
                fields: [
                  { id: 'visit', path: '/visit', widget: 'datetime', label: 'Visit at' },
                  { id: 'at', path: '/at', widget: 'time', label: 'Call at' },
                ],
              },
            ],
          },
        ],
      },
    } as unknown as FormSchema;
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Visit', formInstanceId: 'instance-2', schema: timed, data: { visit: '2026-12-03T14:30:00+00:00', at: '09:15:00-05:00' }, signers: [] });
    const lines = (await pdfText(bytes))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines[lines.indexOf('Visit at') + 1]).toBe('2026-12-03 14:30 (UTC+00:00)');
    expect(lines[lines.indexOf('Call at') + 1]).toBe('09:15 (UTC-05:00)');
  });

  it('prints a rating as view mode words it, with its scale ("4 of 7 stars"), not a bare number', async () => {
    const rated = {
      ...schema,
      jsonSchema: { type: 'object', properties: { stars: { type: 'integer', minimum: 1, maximum: 7 } } },
      layout: { pages: [{ id: 'p', title: 'Visit', sections: [{ id: 's', title: 'How', fields: [{ id: 'stars', path: '/stars', widget: 'rating', label: 'How was it?' }] }] }] },
    } as unknown as FormSchema;
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Rated', formInstanceId: 'instance-3', schema: rated, data: { stars: 4 }, signers: [] });
    const lines = (await pdfText(bytes))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines[lines.indexOf('How was it?') + 1]).toBe('4 of 7 stars');
  });

  it('draws a drawn signature as its image, with a line saying what it is, never its data as text; a typed one as the name', async () => {
    const signed = {
      ...schema,
      jsonSchema: { type: 'object', properties: { drawn: { type: 'string' }, typed: { type: 'string' } } },
      layout: {
        pages: [
          {
            id: 'p',
            title: 'Sign',
            sections: [
              {
                id: 's',
                title: 'Here',
                fields: [
                  { id: 'drawn', path: '/drawn', widget: 'signature', label: 'Drawn here' },
                  { id: 'typed', path: '/typed', widget: 'signature', label: 'Typed here' },
                ],
              },
            ],
          },
        ],
      },
    } as unknown as FormSchema;
    const png = signaturePng(600, 200);
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Signed', formInstanceId: 'instance-5', schema: signed, data: { drawn: pngDataUrl(png), typed: 'Ada Lovelace' }, signers: [] });
    const lines = (await pdfText(bytes))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines[lines.indexOf('Drawn here') + 1]).toMatch(/^Drawn signature \(\d+ (B|KB)\)$/);
    expect(lines[lines.indexOf('Typed here') + 1]).toBe('Ada Lovelace');
    expect(lines.join('\n')).not.toMatch(/base64|data:image/);
    // The image is in the page, at most 200 points wide (its 600 × 200 pixels scaled to fit, in proportion).
    const dir = mkdtempSync(join(tmpdir(), 'render-answers-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), bytes);
      const { stdout } = await promisify(execFile)('pdfimages', ['-list', join(dir, 'a.pdf')]);
      // pdfimages -list: page, num, type, width, height, …, x-ppi, y-ppi (its alpha channel is a second entry, 'smask').
      const images = stdout.split('\n').slice(2).map((l) => l.trim().split(/\s+/)).filter((cells) => cells[2] === 'image');
      expect(images).toHaveLength(1);
      expect(images[0]?.slice(3, 5)).toEqual(['600', '200']);
      // 600 pixels over 200 points (2.78 inches): 216 pixels an inch.
      expect(images[0]?.slice(12, 14)).toEqual(['216', '216']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never leaves a heading alone at the foot of a page: it goes over with what follows it', async () => {
    // Sections of varied length (1 to 4 answers) over several pages, so that headings fall at every height of a page.
    const sections = Array.from({ length: 40 }, (_, i) => ({
      id: `s${i}`,
      title: `Part ${i + 1}`,
      fields: Array.from({ length: (i % 4) + 1 }, (_, k) => ({ id: `f${i}-${k}`, path: `/f${i}-${k}`, widget: 'text', label: `Question ${i + 1}.${k + 1}` })),
    }));
    const long = { ...schema, jsonSchema: { type: 'object', properties: {} }, layout: { pages: [{ id: 'p', title: 'Long', sections }] } } as unknown as FormSchema;
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Long', formInstanceId: 'instance-6', schema: long, data: {}, signers: [] });
    const pages = (await pdfText(bytes)).split('\f').map((page) => page.split('\n').map((l) => l.trim()).filter(Boolean)).filter((lines) => lines.length > 0);
    expect(pages.length).toBeGreaterThan(2);
    for (const lines of pages) expect(lines.at(-1)).not.toMatch(/^Long — Part \d+$/);
  });

  it('keeps a drawn signature with its label and the line saying what it is: never a label alone at the foot of a page', async () => {
    // Each section a few text answers, then a drawn signature, so that the signatures fall at every height of a page.
    const sections = Array.from({ length: 24 }, (_, i) => ({
      id: `s${i}`,
      title: `Part ${i + 1}`,
      fields: [
        ...Array.from({ length: i % 5 }, (_, k) => ({ id: `t${i}-${k}`, path: `/t${i}-${k}`, widget: 'text', label: `Question ${i + 1}.${k + 1}` })),
        { id: `d${i}`, path: `/d${i}`, widget: 'signature', label: `Signed ${i + 1}` },
      ],
    }));
    const png = pngDataUrl(signaturePng(600, 200));
    const data = Object.fromEntries(sections.flatMap((section) => section.fields.map((f) => [f.path.slice(1), f.widget === 'signature' ? png : 'Yes'])));
    const many = { ...schema, jsonSchema: { type: 'object', properties: {} }, layout: { pages: [{ id: 'p', title: 'Many', sections }] } } as unknown as FormSchema;
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Many', formInstanceId: 'instance-7', schema: many, data, signers: [] });
    const pages = (await pdfText(bytes)).split('\f').map((page) => page.split('\n').map((l) => l.trim()).filter(Boolean)).filter((lines) => lines.length > 0);
    expect(pages.length).toBeGreaterThan(2);
    for (const lines of pages) {
      expect(lines.at(-1)).not.toMatch(/^Signed \d+$/);
      expect(lines[0]).not.toMatch(/^Drawn signature/);
      lines.forEach((line, i) => {
        if (/^Signed \d+$/.test(line)) expect(lines[i + 1]).toMatch(/^Drawn signature \(\d+ (B|KB)\)$/);
      });
    }
  });

  it('prints a matrix as view mode words it, one line per answered row ("Room — Good"), never its JSON', async () => {
    const columns = [
      { value: 'poor', label: 'Poor' },
      { value: 'good', label: 'Good' },
    ];
    const rows = [
      { value: 'room', label: 'Room' },
      { value: 'food', label: 'Food' },
      { value: 'pool', label: 'Pool' },
    ];
    const grid = {
      ...schema,
      jsonSchema: { type: 'object', properties: { stay: matrixSchema(rows, columns) } },
      layout: { pages: [{ id: 'p', title: 'Visit', sections: [{ id: 's', title: 'How', fields: [{ id: 'stay', path: '/stay', widget: 'matrix', label: 'Rate the stay', rows, options: columns }] }] }] },
    } as unknown as FormSchema;
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Grid', formInstanceId: 'instance-4', schema: grid, data: { stay: { food: 'poor', room: 'good' } }, signers: [] });
    const lines = (await pdfText(bytes))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const at = lines.indexOf('Rate the stay');
    expect(lines.slice(at + 1, at + 3)).toEqual(['Room — Good', 'Food — Poor']);
    expect(lines.join('\n')).not.toMatch(/Pool|[{}]/);
  });

  it('sets the PDF Title to the form name and the Subject to the instance', async () => {
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Customer message', formInstanceId: 'instance-1', schema, data: {}, signers: [] });
    const info = await pdfInfo(bytes);
    expect(info).toMatch(/^Title:\s+Customer message$/m);
    expect(info).toMatch(/^Subject:\s+Form instance instance-1$/m);
  });

  it("is written in the server's signing texts: German ones give a German document", async () => {
    const asked = {
      ...schema,
      jsonSchema: { type: 'object', properties: { agree: { type: 'boolean' }, later: { type: 'boolean' }, stars: { type: 'integer', minimum: 1, maximum: 5 } } },
      layout: {
        pages: [
          {
            id: 'p',
            title: 'Besuch',
            sections: [
              {
                id: 's',
                title: 'Wie',
                fields: [
                  { id: 'agree', path: '/agree', widget: 'checkbox', label: 'Einverstanden' },
                  { id: 'later', path: '/later', widget: 'checkbox', label: 'Später melden' },
                  { id: 'stars', path: '/stars', widget: 'rating', label: 'Bewertung' },
                ],
              },
            ],
          },
        ],
      },
    } as unknown as FormSchema;
    const { bytes } = await renderAnswers({
      words: answersDocumentWords(signingMailTextsOf(germanLabels), 'de'),
      formName: 'Besuch',
      formInstanceId: 'instance-de',
      schema: asked,
      data: { agree: true, later: false, stars: 4 },
      signers: [{ name: 'Zoë Quiñones', email: 'zoe@example.com' }],
    });
    const lines = (await pdfText(bytes))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(lines).toContain('Ausgefülltes Formular instance-de');
    expect(after('Einverstanden')).toBe('Ja');
    expect(after('Später melden')).toBe('Nein');
    expect(after('Bewertung')).toBe('4 von 5 Sternen');
    expect(lines).toContain('Unterschriften');
    expect(lines.join('\n')).not.toMatch(/\b(Yes|No|Signatures|Form instance|stars)\b/);
    expect(await pdfInfo(bytes)).toMatch(/^Subject:\s+Ausgefülltes Formular instance-de$/m);
  });

  it("seals with a certificate page in the server's signing texts: German ones give a German page, English by default", async () => {
    const signer = { signerId: 's1', name: 'Zoë Quiñones', email: 'zoe@example.com', routingOrder: 1 };
    const event = (sequence: number, kind: SigningAuditEvent['kind'], signerId: string | null): SigningAuditEvent => ({
      sequence,
      envelopeId: 'envelope-de',
      kind,
      at: `2026-12-01T10:0${sequence}:00.000Z`,
      signerId,
      actorUserId: null,
      ipAddress: sequence === 1 ? null : '203.0.113.7',
      userAgent: null,
      details: {},
      previousHash: '0'.repeat(64),
      hash: String(sequence).repeat(64),
    });
    const seal = await developmentSigner(await createDevelopmentCertificate());
    const sealWith = async (texts: ReturnType<typeof signingMailTextsOf>) => {
      const sent = await renderAnswers({ words: answersDocumentWords(texts, 'de'), formName: 'Besuch', formInstanceId: 'instance-de', schema, data: {}, signers: [signer] });
      const sealed = await sealDocument({
        envelopeId: 'envelope-de',
        formName: 'Besuch',
        sent: sent.bytes,
        sentSha256: sha256Of(sent.bytes),
        signers: [{ ...signer, places: sent.places, signaturePng: null, signatureKind: 'typed' }],
        events: [event(1, 'created', null), event(2, 'signed', 's1')],
        seal,
        texts,
      });
      return (await pdfText(sealed.bytes)).replace(/\s+/g, ' ');
    };
    const german = await sealWith(signingMailTextsOf(germanLabels));
    expect(german).toContain('Unterschriftszertifikat');
    expect(german).toContain('Formular: Besuch');
    expect(german).toContain('Zoë Quiñones <zoe@example.com> (Reihenfolge 1, getippte Unterschrift)');
    expect(german).toContain('Unterschrieben: 2026-12-01T10:02:00.000Z von IP 203.0.113.7, unbekannter Browser');
    expect(german).toContain('1. 2026-12-01T10:01:00.000Z Signaturvorgang erstellt, IP unbekannt');
    expect(german).toContain('Prüfpfad');
    expect(german).toContain('Versiegelt mit dem Zertifikat der Entwicklungs-CA');
    expect(german).not.toMatch(/Signing certificate|Audit trail|Envelope created|typed signature|Sealed with/);
    const english = await sealWith(signingMailTextsOf(englishLabels));
    expect(english).toContain('Signing certificate');
    expect(english).toContain('Zoë Quiñones <zoe@example.com> (order 1, typed signature)');
    expect(english).toContain('2. 2026-12-01T10:02:00.000Z Signed (Zoë Quiñones), IP 203.0.113.7');
  });
});
