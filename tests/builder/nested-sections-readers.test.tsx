/**
 * The builder's readers of a layout outside the canvas, with sections inside sections: the JSON view places a
 * problem at a nested section's field (or at the nested section), the save's problem list names a nested field or
 * section, and a draft whose only answer field sits in a nested section has fields.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkJsonViewText, draftText } from '../../src/builder/json/validate-json';
import { DraftProblemList, draftHasNoFields } from '../../src/builder/save';
import { defaultLabels, fillLabel } from '../../src/query/labels';
import type { DraftProblem, FormDraft } from '../../src/engine';
import { renderWithProviders } from '../support/render';

const draft = (): FormDraft => ({
  jsonSchema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      city: { type: 'string' },
      jobs: { type: 'array', items: { type: 'object', properties: { employer: { type: 'string' }, from: { type: 'string' } } } },
    },
  },
  layout: {
    pages: [
      {
        id: 'p1',
        title: 'Page',
        sections: [
          {
            id: 'outer',
            title: 'Applicant',
            fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }],
            sections: [{ id: 'inner', title: 'Address', fields: [{ id: 'city', path: '/city', widget: 'text', label: 'City' }] }],
          },
          {
            id: 'jobs',
            title: 'Jobs',
            repeatable: { path: '/jobs' },
            fields: [{ id: 'employer', path: '/employer', widget: 'text', label: 'Employer' }],
            sections: [{ id: 'dates', title: 'Dates', fields: [{ id: 'from', path: '/from', widget: 'text', label: 'From' }] }],
          },
        ],
      },
    ],
  },
});

const lineContaining = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('the JSON view with nested sections', () => {
  it('accepts a valid nested draft', () => {
    expect(checkJsonViewText(draftText(draft())).problems).toEqual([]);
  });

  it("places a problem of a nested section's field at that field", () => {
    const bad = draft();
    bad.layout.pages[0]!.sections[0]!.sections![0]!.fields[0]!.path = '/name';
    const text = draftText(bad);
    const result = checkJsonViewText(text);
    expect(result.problems.map((p) => [p.line, p.message])).toEqual([
      [lineContaining(text, '"id": "city"') - 1, "Two fields are bound to the data path '/name'."],
    ]);
  });

  it('places a repeatable section inside a repeatable one at the inner section', () => {
    const bad = draft();
    bad.layout.pages[0]!.sections[1]!.sections![0]!.repeatable = { path: '/from' };
    const text = draftText(bad);
    const result = checkJsonViewText(text);
    const problem = result.problems.find((p) => p.problem?.sectionId === 'dates');
    expect(problem?.message).toMatch(/cannot hold another/);
    expect(problem?.line).toBe(lineContaining(text, '"id": "dates"') - 1);
  });
});

describe('the save with nested sections', () => {
  it('names the nested field and the nested section a problem concerns', () => {
    const problem = (place: Partial<DraftProblem>): DraftProblem => ({
      kind: 'schema-layout',
      status: 400,
      message: 'Something is wrong.',
      pageId: 'p1',
      sectionId: null,
      fieldId: null,
      ...place,
    });
    renderWithProviders(
      <DraftProblemList
        draft={draft()}
        labels={defaultLabels}
        problems={[problem({ sectionId: 'dates', fieldId: 'from' }), problem({ sectionId: 'inner' })]}
        onSelect={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: fillLabel(defaultLabels.builderSaveProblemGoTo, { target: 'From' }) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: fillLabel(defaultLabels.builderSaveProblemGoTo, { target: 'Address' }) })).toBeInTheDocument();
  });

  it('sees the answer field of a nested section as a field to answer', () => {
    const onlyNested = draft();
    onlyNested.layout.pages[0]!.sections = [
      { id: 'outer', title: 'A', fields: [{ id: 'txt', path: '', widget: 'static', label: 'Intro' }], sections: [{ id: 'in', title: 'B', fields: [{ id: 'city', path: '/city', widget: 'text', label: 'City' }] }] },
    ];
    expect(draftHasNoFields(onlyNested)).toBe(false);
    onlyNested.layout.pages[0]!.sections[0]!.sections![0]!.fields = [];
    expect(draftHasNoFields(onlyNested)).toBe(true);
  });
});
