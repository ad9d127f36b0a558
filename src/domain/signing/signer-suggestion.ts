/**
 * The signer a signature request most likely goes to: the person who filled the form in, read from their answers (an
 * email field, and a name field or a first and a last name). 'Request a signature' on an instance's page starts its
 * first signer row with it, for the person sending to check; nothing is sent without them.
 */
import type { FormSchema } from '../../contract/types';
import { getAt } from '../../contract/json-pointer';
import { compileFormSchema, type CompiledField } from '../../engine/compile';
import { SIGNING_LIMITS, isSignerEmail } from './request';

/** A signer read from a form instance's answers. */
export interface SuggestedSigner {
  name: string;
  email: string;
}

/** A field's key or label with case, spaces and punctuation left out: `full_name`, `Full name` and `fullName` alike. */
const folded = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** Names that are a whole person's name. */
const WHOLE_NAMES = new Set(['name', 'fullname', 'yourname', 'namesurname', 'firstandlastname']);
const FIRST_NAMES = new Set(['firstname', 'givenname', 'forename', 'firstnames', 'givennames']);
const LAST_NAMES = new Set(['lastname', 'familyname', 'surname']);
/** `…name` keys that name something other than the person (`applicantName` is a person, `companyName` is not). */
const NOT_A_PERSON = /^(first|given|fore|middle|last|family|sur|maiden|nick|user|company|organi[sz]ation|org|business|file|form|product|pet|brand|project|team|school|street|city|place|event|account|domain|host|display)/;
const EMAIL_KEYS = new Set(['email', 'emailaddress', 'youremail', 'mail']);

/** The answer of a field outside any repeatable section, trimmed, when it is a non-empty text. */
function textAnswer(field: CompiledField, data: unknown): string | null {
  if (!field.isInput || field.section.repeat) return null;
  const value = getAt(data, field.path);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** The words a field is known by: the last segment of its data path, and its label. */
const keysOf = (field: CompiledField) => [folded(field.segments[field.segments.length - 1] ?? ''), folded(field.field.label)];

/**
 * The signer the answers of `data` name under `schema`: the first email answer (an email field, a text with the email
 * format, or a key or label such as `email`) that is a valid signer address, and the first whole name (`name`,
 * `fullName`, `applicantName` …) or else a first and a last name joined. Null without a valid email; the name may be
 * empty. Answers inside repeatable sections belong to items (children, references…), not to the person filling in.
 */
export function signerFromAnswers(schema: FormSchema, data: unknown): SuggestedSigner | null {
  if (data === null || typeof data !== 'object') return null;
  let fields: readonly CompiledField[];
  try {
    fields = compileFormSchema(schema).fields;
  } catch {
    return null;
  }
  let email: string | null = null;
  let whole: string | null = null;
  let first: string | null = null;
  let last: string | null = null;
  for (const field of fields) {
    const answer = textAnswer(field, data);
    if (answer === null) continue;
    const keys = keysOf(field);
    const emailField = field.field.widget === 'email' || field.info.format === 'email' || keys.some((k) => EMAIL_KEYS.has(k));
    if (emailField) {
      if (email === null && isSignerEmail(answer.toLowerCase())) email = answer;
      continue;
    }
    if (answer.length > SIGNING_LIMITS.maxNameLength) continue;
    // A key or label that names something else ('Company' over a key `name`) wins over one that could be a person's.
    const other = keys.some((k) => NOT_A_PERSON.test(k) && !FIRST_NAMES.has(k) && !LAST_NAMES.has(k));
    const person = keys.some((k) => WHOLE_NAMES.has(k) || (k.endsWith('name') && k.length > 4 && !NOT_A_PERSON.test(k)));
    if (whole === null && person && !other) whole = answer;
    else if (first === null && keys.some((k) => FIRST_NAMES.has(k))) first = answer;
    else if (last === null && keys.some((k) => LAST_NAMES.has(k))) last = answer;
  }
  if (email === null) return null;
  const name = whole ?? [first, last].filter((part): part is string => part !== null).join(' ');
  return { name: name.slice(0, SIGNING_LIMITS.maxNameLength), email };
}
