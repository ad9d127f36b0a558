import { useDebouncedValue } from '@mantine/hooks';
import * as odata from '../../api/odata';
import type { Form, FormGroup } from '../../api/types';
import { formNameIssue, MAX_FORM_NAME_LENGTH } from '../../domain/forms';
import { fillNumbers } from '../../labels/format';
import { fillLabel, type Labels } from '../../query/labels';
import { useLocale } from '../../query/useLocale';
import { idDiffers } from './ids';
import { useODataPage } from './useODataPage';
import { SEARCH_DEBOUNCE_MS } from './useServerTable';

/** The entities whose names a person types (a form, a form group). */
export type NamedEntity = 'form' | 'formgroup';

const KEY_OF = { form: 'formId', formgroup: 'formGroupId' } as const;
const TAKEN_LABEL = { form: 'formNameTaken', formgroup: 'formGroupNameTaken' } as const satisfies Record<NamedEntity, keyof Labels>;

/** What {@link useNameCheck} answers about a typed name. */
export interface NameCheck {
  /** Why the name cannot be saved ('Enter a name.', "A form group named 'X' already exists."), or null. */
  error: string | null;
  /** Whether the name may be saved now: not blank, not taken, and the check of the typed name has answered. */
  ok: boolean;
}

/**
 * What is wrong with a form's or a form group's name as typed, by the rule the backends refuse by (blank, or too long),
 * in the screen's words; null when it may be stored. `showBlank` says whether a blank name is reported yet.
 */
export function formNameProblem(name: string, labels: Labels, locale: string | undefined, showBlank = true): string | null {
  const issue = formNameIssue(name);
  if (issue === 'blank') return showBlank ? labels.nameRequired : null;
  if (issue === 'tooLong') return fillNumbers(labels.nameTooLong, { max: MAX_FORM_NAME_LENGTH, count: name.trim().length }, locale);
  return null;
}

/**
 * The checks of a name typed for a form or a form group: it may be stored (not blank after trimming, not too long:
 * {@link formNameProblem}), and no other live row of the
 * same kind has it (compared ignoring case and surrounding spaces), since two groups or forms of one name cannot be
 * told apart in the menus and filters that list them by name. `exceptId` is the row being renamed; `showBlank` says
 * whether a blank name is reported yet (not before the person typed or tried to save).
 */
export function useNameCheck(entity: NamedEntity, name: string, labels: Labels, { exceptId, showBlank }: { exceptId?: string; showBlank: boolean }): NameCheck {
  const trimmed = name.trim();
  const [debounced] = useDebouncedValue(trimmed.toLowerCase(), SEARCH_DEBOUNCE_MS);
  type Row = (Form | FormGroup) & Record<string, unknown>;
  const key = KEY_OF[entity];
  const query: odata.ODataQueryOptions<Row> = {
    filter: odata.and<Row>(
      odata.eq<Row>('isDeleted', false),
      odata.eq<Row>(odata.tolower<Row>('name'), debounced),
      ...(exceptId ? [idDiffers<Row>(key, exceptId)] : []),
    ),
    select: [key],
    top: 1,
  };
  const locale = useLocale();
  // A name that cannot be stored is not looked up.
  const same = useODataPage<Row>(entity, query, formNameIssue(debounced) === null);
  if (formNameIssue(name) !== null) return { error: formNameProblem(name, labels, locale, showBlank), ok: false };
  const current = debounced === trimmed.toLowerCase();
  // A check that failed does not block: the server still answers the save.
  if (current && same.isError) return { error: null, ok: true };
  const answered = current && same.data !== undefined && !same.isPlaceholderData;
  const taken = answered && (same.data?.value.length ?? 0) > 0;
  return { error: taken ? fillLabel(labels[TAKEN_LABEL[entity]], { name: trimmed }) : null, ok: answered && !taken };
}

/**
 * The styles of a name field that may show an error: Mantine's error red (red.6) is under 4.5:1 on white and on the
 * dark page, for the message and the typed text alike, so the message takes a darker red in light and a lighter one
 * in dark, and the typed text keeps the text colour (the red border still marks the field).
 */
export const READABLE_NAME_INPUT = {
  error: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))' },
  input: { color: 'var(--mantine-color-text)' },
} as const;
