/**
 * The domain's readers of a layout with sections inside sections: pre-filling from an application, the CSV export's
 * columns and the values written into a PDF template. A plain section inside a plain one is a place for fields like
 * any section (its fields' paths are absolute); a plain section inside a repeatable one is part of each item (its
 * fields' paths are relative to the item), so it adds nothing beside the repeatable section's list.
 */
import { describe, expect, it } from 'vitest';
import type { FormField, FormLayout } from '../../src/api/types';
import { applicationSources, prefillFromApplication } from '../../src/domain/forms/prefill';
import { csvCell, layoutDataPaths } from '../../src/domain/forms/instance-csv';
import { pdfValuesFromData } from '../../src/domain/pdf/linking';

const field = (id: string, path: string, extra: Partial<FormField> = {}): FormField => ({ id, path, widget: 'text', label: id, ...extra });

const layout: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'Application',
      sections: [
        {
          id: 'applicant',
          title: 'Applicant',
          fields: [field('name', '/name', { linkedPath: '/person/fullName', pdfFieldName: 'Name' })],
          sections: [
            {
              id: 'address',
              title: 'Address',
              fields: [field('street', '/address/street', { pdfFieldName: 'Street' })],
              sections: [{ id: 'geo', title: 'Where', fields: [field('city', '/address/city', { linkedPath: '/person/town', pdfFieldName: 'City' })] }],
            },
          ],
        },
        {
          id: 'jobs',
          title: 'Jobs',
          repeatable: { path: '/jobs' },
          fields: [field('employer', '/employer', { pdfFieldName: 'Employer' })],
          sections: [{ id: 'dates', title: 'Dates', fields: [field('from', '/from', { linkedPath: '/nowhere', pdfFieldName: 'From' })] }],
        },
      ],
    },
  ],
};

const application = {
  person: { fullName: 'Ada Lovelace', town: 'London' },
  address: { street: '12 St James Square' },
  jobs: [{ employer: 'Analytical Engines', from: '1842-01-01' }],
  from: 'not an item',
};

describe('pre-filling from an application with nested sections', () => {
  it('binds the fields of a section inside a plain section at their own paths, and a repeatable section once by its list', () => {
    expect(applicationSources(layout)).toEqual([
      { path: '/name', source: '/person/fullName' },
      { path: '/address/street', source: '/address/street' },
      { path: '/address/city', source: '/person/town' },
      { path: '/jobs', source: '/jobs' },
    ]);
  });

  it('copies the nested fields, and the items of the repeatable section with the answers of the section inside them', () => {
    expect(prefillFromApplication({ layout }, application)).toEqual({
      name: 'Ada Lovelace',
      address: { street: '12 St James Square', city: 'London' },
      jobs: [{ employer: 'Analytical Engines', from: '1842-01-01' }],
    });
  });
});

describe('CSV columns with nested sections', () => {
  it("gives a nested plain section's fields their columns, and a section inside a repeatable one none of its own", () => {
    expect(layoutDataPaths(layout)).toEqual(['/name', '/address/street', '/address/city', '/jobs']);
  });

  it("writes a repeatable section's items with their keys sorted, whatever order the store kept them in", () => {
    const written = [{ employer: 'AE', from: '1842', dates: { to: 'x', from: 'y' } }];
    const stored = [{ from: '1842', dates: { from: 'y', to: 'x' }, employer: 'AE' }];
    expect(csvCell(stored)).toBe(csvCell(written));
    expect(csvCell(written)).toBe('"[{""dates"":{""from"":""y"",""to"":""x""},""employer"":""AE"",""from"":""1842""}]"');
  });
});

describe('PDF values with nested sections', () => {
  it('fills the PDF fields of nested plain sections, and none of the fields inside a repeatable section', () => {
    const data = { name: 'Ada', address: { street: 'St James', city: 'London' }, jobs: [{ employer: 'AE', from: '1842' }], from: '1842', employer: 'AE' };
    expect(pdfValuesFromData(layout, data)).toEqual({ Name: 'Ada', Street: 'St James', City: 'London' });
  });
});
