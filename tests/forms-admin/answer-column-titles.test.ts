// @vitest-environment node
/**
 * The titles of the Form Instances list's answer columns: a form's label that is also one of the list's own columns
 * ('Signature') or another shown answer's is told apart, so no two columns of the table read the same.
 */
import { describe, expect, it } from 'vitest';
import { answerColumnTitles, answerFieldsOf } from '../../src/forms-admin/FormInstanceList/answer-columns';
import { englishLabels } from '../../src/labels/english';
import { germanLabels } from '../../src/locales/de';
import type { FormLayout } from '../../src/contract/types';

const field = (id: string, label: string) => ({ id, path: `/${id}`, widget: 'text', label });
const layout: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'P',
      sections: [
        { id: 'a', title: 'Applicant', fields: [field('sig', 'Signature'), field('status', ' status '), field('name', 'Name'), field('email', 'Email')] },
        { id: 'b', title: 'Partner', fields: [field('partnerName', 'Name')] },
      ],
    },
  ],
};
const own = [englishLabels.columnInstance, englishLabels.columnStatus, englishLabels.columnSignature, englishLabels.columnCreated];

describe('answer column titles', () => {
  it("tell a form's label apart from the list's own columns and from each other; others stay the label", () => {
    expect(answerColumnTitles(answerFieldsOf(layout), own, englishLabels)).toEqual([
      'Signature (answer)',
      ' status  (answer)',
      'Name (/name)',
      'Email',
      'Name (/partnerName)',
    ]);
  });

  it('clash only with the columns the list shows (no Signature column without signing)', () => {
    const [signature] = answerFieldsOf(layout);
    if (!signature) throw new Error('no field');
    expect(answerColumnTitles([signature], [englishLabels.columnStatus], englishLabels)).toEqual(['Signature']);
  });

  it("are in the user's words", () => {
    const labels = { ...englishLabels, ...germanLabels };
    const [, status] = answerFieldsOf({ pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [field('x', 'X'), field('s', labels.columnStatus)] }] }] });
    if (!status) throw new Error('no field');
    expect(answerColumnTitles([status], [labels.columnStatus], labels)).toEqual([`${labels.columnStatus} (Antwort)`]);
  });
});
