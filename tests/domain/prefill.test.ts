import { describe, expect, it } from 'vitest';
import type { FormLayout } from '../../src/api/types';
import { applicationSources, prefillFromApplication } from '../../src/domain/forms/prefill';

const application = {
  applicant: { name: 'Grace Hopper', email: 'grace@example.com' },
  loan: { amount: 25000 },
  coApplicants: [{ name: 'Howard Aiken' }],
};

const layout: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'P',
      sections: [
        {
          id: 's',
          title: 'S',
          fields: [
            { id: 'a', path: '/fullName', widget: 'text', label: 'Full name', linkedPath: '/applicant/name' },
            { id: 'b', path: '/applicant/email', widget: 'email', label: 'Email' },
            { id: 'c', path: '/amount', widget: 'number', label: 'Amount', linkedPath: '/loan/amount' },
            { id: 'd', path: '/missing', widget: 'text', label: 'Missing', linkedPath: '/applicant/nickname' },
            { id: 'e', path: '/bad', widget: 'text', label: 'Bad link', linkedPath: 'not a pointer' },
          ],
        },
        { id: 'r', title: 'R', repeatable: { path: '/coApplicants' }, fields: [{ id: 'n', path: '/name', widget: 'text', label: 'Name' }] },
      ],
    },
  ],
};

describe('prefillFromApplication', () => {
  it("takes each field's value at its link, or at its own path without one; repeatable sections copy their array", () => {
    expect(prefillFromApplication({ layout }, application)).toEqual({
      fullName: 'Grace Hopper',
      applicant: { email: 'grace@example.com' },
      amount: 25000,
      coApplicants: [{ name: 'Howard Aiken' }],
    });
  });

  it('names where every bound path is read from', () => {
    expect(applicationSources(layout)).toEqual([
      { path: '/fullName', source: '/applicant/name' },
      { path: '/applicant/email', source: '/applicant/email' },
      { path: '/amount', source: '/loan/amount' },
      { path: '/missing', source: '/applicant/nickname' },
      { path: '/bad', source: 'not a pointer' },
      { path: '/coApplicants', source: '/coApplicants' },
    ]);
  });

  it('copies values, never shares them with the application', () => {
    const data = prefillFromApplication({ layout }, application);
    (data.coApplicants as { name: string }[])[0]!.name = 'changed';
    expect(application.coApplicants[0]?.name).toBe('Howard Aiken');
  });
});
