// @vitest-environment node
import type { FormLayout } from '../../src/api/types';
import { generateForm, generateFormData } from '../../src/forms/generateForm';
import { answeredFieldLabels } from '../../src/viewer/stored-progress';

const text = (id: string, label: string) => ({ id, path: `/${id}`, widget: 'text' as const, label });

describe('walks of sections inside sections outside the engine', () => {
  it('names the answered questions of nested sections, those inside a repeatable section’s items too', () => {
    const layout: FormLayout = {
      pages: [
        {
          id: 'p',
          title: 'P',
          sections: [
            { id: 'a', title: 'A', fields: [text('name', 'Name')], sections: [{ id: 'b', title: 'B', fields: [text('city', 'City')] }] },
            {
              id: 'jobs',
              title: 'Jobs',
              repeatable: { path: '/jobs' },
              fields: [text('employer', 'Employer')],
              sections: [{ id: 'dates', title: 'Dates', fields: [text('from', 'From'), text('to', 'To')] }],
            },
          ],
        },
      ],
    };
    expect(answeredFieldLabels(layout, { city: 'Oslo', jobs: [{ employer: '' }, { from: '2019' }] })).toEqual(['City', 'From']);
  });

  it('answers every field of a generated form, nested sections included', () => {
    const schema = generateForm(20);
    const [first, second] = schema.layout.pages[0]!.sections;
    // Move the second group inside the first: its answers still land at its fields' paths.
    const nested = { ...schema, formSchemaId: 'generated-nested', layout: { pages: [{ id: 'p', title: 'P', sections: [{ ...first!, sections: [second!] }] }] } };
    const data = generateFormData(nested);
    expect(Object.keys(data)).toEqual(['group1', 'group2']);
    expect(data.group2).toMatchObject({ field1: 'Answer g2f1', field7: 42, field9: true, field10: 'blue' });
    expect(generateFormData(schema)).toEqual(data);
  });
});
