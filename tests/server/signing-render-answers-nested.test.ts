// @vitest-environment node
/**
 * The document rendered from a form's answers when sections hold sections: a nested section's title is a sub-heading
 * inside its section, and the sections inside a repeatable section are written inside each item, with that item's
 * answers. A text block is written as its text, not as an answer.
 */
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../src/api/types';
import { answerBlocks, renderAnswers } from '../../example-host/server/signing/render-answers';
import { ENGLISH_DOCUMENT_WORDS } from '../../src/domain/signing/answers-document';
import { pdfText } from './signing-helpers';

const schema = {
  formSchemaId: 'render-answers-nested',
  formId: 'render-answers-nested-form',
  version: 1,
  jsonSchema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } },
      jobs: {
        type: 'array',
        items: { type: 'object', properties: { employer: { type: 'string' }, from: { type: 'string' }, role: { type: 'string', enum: ['dev', 'qa'] } } },
      },
    },
  },
  layout: {
    pages: [
      {
        id: 'p',
        title: 'Application',
        sections: [
          {
            id: 'applicant',
            title: 'Applicant',
            fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }],
            sections: [
              {
                id: 'address',
                title: 'Address',
                fields: [
                  { id: 'intro', path: '', widget: 'static', label: 'Where the letters go.' },
                  { id: 'city', path: '/address/city', widget: 'text', label: 'City' },
                ],
                sections: [{ id: 'postal', title: 'Postal', fields: [{ id: 'zip', path: '/address/zip', widget: 'text', label: 'Zip' }] }],
              },
            ],
          },
          {
            id: 'jobs',
            title: 'Jobs',
            repeatable: { path: '/jobs' },
            fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
            sections: [
              {
                id: 'details',
                title: 'Details',
                fields: [
                  { id: 'from', path: '/from', widget: 'date', label: 'From' },
                  { id: 'role', path: '/role', widget: 'select', label: 'Role', options: [{ value: 'dev', label: 'Developer' }, { value: 'qa', label: 'Tester' }] },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
} as unknown as FormSchema;

const data = {
  name: 'Ada',
  address: { city: 'London', zip: 'SW1' },
  jobs: [
    { employer: 'Engines Ltd', from: '1842-01-01', role: 'dev' },
    { employer: 'Looms plc', role: 'qa' },
  ],
};

describe('renderAnswers with nested sections', () => {
  it('writes nested sections as sub-headings, and the sections inside a repeatable section inside each item', () => {
    const outline = answerBlocks(schema, data).map((b) => (b.kind === 'heading' ? `${'#'.repeat(b.level)} ${b.text}` : `${b.label}: ${b.answer ?? '(text)'}`));
    expect(outline).toEqual([
      '# Application — Applicant',
      'Name: Ada',
      '## Address',
      'Where the letters go.: (text)',
      'City: London',
      '### Postal',
      'Zip: SW1',
      '# Application — Jobs 1',
      'Employer: Engines Ltd',
      '## Details',
      'From: 1842-01-01',
      'Role: Developer',
      '# Application — Jobs 2',
      'Employer: Looms plc',
      '## Details',
      'From: —',
      'Role: Tester',
    ]);
  });

  it('prints them in that order in the PDF', async () => {
    const { bytes } = await renderAnswers({ words: ENGLISH_DOCUMENT_WORDS, formName: 'Nested', formInstanceId: 'instance-n', schema, data, signers: [] });
    const lines = (await pdfText(bytes))
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const order = ['Application — Applicant', 'Address', 'Where the letters go.', 'City', 'London', 'Postal', 'SW1', 'Application — Jobs 1', 'Details', 'Developer', 'Application — Jobs 2', 'Details', 'Tester'];
    let at = -1;
    for (const text of order) {
      const next = lines.indexOf(text, at + 1);
      expect(next, text).toBeGreaterThan(at);
      at = next;
    }
    // The text block is no answer: no JSON of the whole data under it.
    expect(lines.some((l) => l.includes('{"name"'))).toBe(false);
  });
});
