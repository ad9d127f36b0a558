import { describe, expect, it } from 'vitest';
import { signerFromAnswers } from '../../src/domain/signing/signer-suggestion';
import type { JsonObject } from '../../src/api/types';
import { contactSchema, f, makeSchema, onePage, section } from '../engine/fixtures';

/** A schema of plain text fields at `paths` (objects along the way as the paths need). */
function textSchema(fields: ReturnType<typeof f>[], repeatable?: { id: string; path: string; fields: ReturnType<typeof f>[] }) {
  const properties: JsonObject = {};
  const put = (path: string) => {
    const parts = path.split('/').slice(1);
    let at = properties;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) at[part] = { type: 'string' };
      else at = ((at[part] as JsonObject | undefined) ??= { type: 'object', properties: {} }).properties as JsonObject;
    }
  };
  for (const field of fields) put(field.path);
  if (repeatable) properties[repeatable.path.slice(1)] = { type: 'array', items: { type: 'object', properties: Object.fromEntries(repeatable.fields.map((x) => [x.path.slice(1), { type: 'string' }])) } };
  const sections = [section('main', fields)];
  if (repeatable) sections.push(section(repeatable.id, repeatable.fields, { repeatable: { path: repeatable.path } }));
  return makeSchema({ type: 'object', properties }, onePage(...sections));
}

describe('signerFromAnswers: the signer a form instance’s answers name', () => {
  it('takes the email field’s answer and the name field’s', () => {
    expect(signerFromAnswers(contactSchema(), { name: ' Grace Hopper ', email: 'grace@example.com', message: 'hello' })).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
  });

  it('reads names and addresses below objects, by key or by label, in layout order', () => {
    const schema = textSchema([
      f('who', '/applicant/applicantName', { label: 'Applicant' }),
      f('mail', '/applicant/contact', { label: 'E-mail address' }),
      f('other', '/referee/email', { label: 'Referee email' }),
    ]);
    expect(signerFromAnswers(schema, { applicant: { applicantName: 'Alan Turing', contact: 'alan@example.com' }, referee: { email: 'ref@example.com' } })).toEqual({
      name: 'Alan Turing',
      email: 'alan@example.com',
    });
  });

  it('joins a first and a last name when no field holds the whole name', () => {
    const schema = textSchema([f('first', '/firstName', { label: 'First name' }), f('last', '/lastName', { label: 'Last name' }), f('mail', '/email')]);
    expect(signerFromAnswers(schema, { firstName: 'Katherine', lastName: 'Johnson', email: 'k.johnson@example.com' })).toEqual({
      name: 'Katherine Johnson',
      email: 'k.johnson@example.com',
    });
  });

  it('does not take a company’s, a file’s or a user’s name for the person’s', () => {
    const schema = textSchema([
      f('company', '/companyName', { label: 'Company name' }),
      f('org', '/org/name', { label: 'Organisation' }),
      f('user', '/userName', { label: 'User name' }),
      f('mail', '/email'),
    ]);
    expect(signerFromAnswers(schema, { companyName: 'Acme', org: { name: 'Acme Ltd' }, userName: 'ajones', email: 'a@example.com' })).toEqual({ name: '', email: 'a@example.com' });
  });

  it('suggests no one without a valid email answer, and skips an invalid one for a later valid one', () => {
    const schema = textSchema([f('name', '/name'), f('mail', '/email'), f('mail2', '/emailAddress')]);
    expect(signerFromAnswers(schema, { name: 'Ada' })).toBeNull();
    expect(signerFromAnswers(schema, { name: 'Ada', email: 'not an address' })).toBeNull();
    expect(signerFromAnswers(schema, { name: 'Ada', email: 'nope', emailAddress: 'ada@example.com' })).toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(signerFromAnswers(schema, null)).toBeNull();
  });

  it('leaves out answers inside repeatable sections: they belong to items (children, co-applicants), not to the person filling in', () => {
    const schema = textSchema([f('note', '/note')], { id: 'people', path: '/people', fields: [f('pname', '/name'), f('pmail', '/email')] });
    expect(signerFromAnswers(schema, { note: 'x', people: [{ name: 'Howard', email: 'howard@example.com' }] })).toBeNull();
  });
});
