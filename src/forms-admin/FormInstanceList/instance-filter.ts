/**
 * The OData query of the Form Instances list, from its filters (React-free, so a test or a host can build the same
 * query): form, form group (through the instance's form), statuses (`in`), created and updated date ranges (whole
 * days in the browser's time zone, the end day included), signature (the status of the instance's latest envelope, or
 * none requested), and words the answers contain (`$search`, which the backends run over the strings of an instance's
 * data and its id). The same query selects the rows the CSV export writes.
 */
import { type EnvelopeStatus, FormInstanceStatus } from '../../api/enums';
import * as odata from '../../api/odata';
import type { Filter, ODataQueryOptions } from '../../api/odata';
import type { FormInstance } from '../../api/types';
import { mayChangeStatus } from '../../domain/forms/statuses';
import { fillLabel, type Labels } from '../../query/labels';
import { instanceStatusLabel } from '../shared/instance-status';
import { answerFilter, type AnswerField } from './answer-columns';

/** The filters of the list. Dates are `YYYY-MM-DD` days (as a date input gives them), or empty. */
export interface FormInstanceFilters {
  formId: string | null;
  formGroupId: string | null;
  statuses: readonly FormInstanceStatus[];
  createdFrom: string;
  createdTo: string;
  updatedFrom: string;
  updatedTo: string;
  /**
   * Signatures: the statuses of the instance's latest envelope (the one its row carries), `null` for an instance whose
   * signature was never requested. Any of them matches; none chosen, every instance. @default []
   */
  signatures?: readonly (EnvelopeStatus | null)[];
  /** Words the answers contain, as typed. */
  text: string;
  /**
   * Filters on answers of the chosen form, by the answer's data path (`/applicant/name`): the typed text or the chosen
   * option (see `answerFilter`). They apply only while one form is chosen. @default {}
   */
  answers?: Readonly<Record<string, string>>;
}

/** No filter: every instance. */
export const NO_INSTANCE_FILTERS: FormInstanceFilters = {
  formId: null,
  formGroupId: null,
  statuses: [],
  createdFrom: '',
  createdTo: '',
  updatedFrom: '',
  updatedTo: '',
  signatures: [],
  text: '',
  answers: {},
};

/**
 * How many filters narrow the list, as a person counts them: the form, the group, the statuses, the signatures, each
 * day range and the answers' text (any answer filter only counts while its form is chosen, with the form).
 */
export function instanceFilterCount(filters: FormInstanceFilters): number {
  return [
    filters.formId !== null,
    filters.formGroupId !== null,
    filters.statuses.length > 0,
    (filters.signatures ?? []).length > 0,
    filters.createdFrom.trim() !== '' || filters.createdTo.trim() !== '',
    filters.updatedFrom.trim() !== '' || filters.updatedTo.trim() !== '',
    filters.text.trim() !== '',
  ].filter(Boolean).length;
}

/** Whether `filters` narrow the list at all. */
export function hasInstanceFilters(filters: FormInstanceFilters): boolean {
  return instanceFilterCount(filters) > 0;
}

/** The statuses in their order (src/api/enums); `instanceStatusLabel` names each. */
export const INSTANCE_STATUSES: readonly FormInstanceStatus[] = [
  FormInstanceStatus.Created,
  FormInstanceStatus.InProgress,
  FormInstanceStatus.Submitted,
  FormInstanceStatus.Completed,
];

/** Local midnight of a `YYYY-MM-DD` day, `days` later; null for anything else. */
function dayStart(day: string, days = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Whether a day range is the wrong way round: both days given and the last before the first, so that no instance can
 * match (the list says so under the last day rather than showing an empty list with no reason).
 */
export function isInvertedDayRange(from: string, to: string): boolean {
  const start = dayStart(from);
  const end = dayStart(to);
  return start !== null && end !== null && end < start;
}

type Field = 'createdDateTime' | 'lastUpdatedDateTime';

function range(field: Field, from: string, to: string): Filter<FormInstance>[] {
  const out: Filter<FormInstance>[] = [];
  const start = dayStart(from);
  const end = dayStart(to, 1);
  if (start) out.push(odata.ge<FormInstance>(field, start));
  if (end) out.push(odata.lt<FormInstance>(field, end));
  return out;
}

/**
 * The signature filter: the chosen envelope statuses (`in`), or no envelope at all for `null` ('Not requested'), either
 * one matching; undefined when nothing is chosen.
 */
function signatureFilter(chosen: readonly (EnvelopeStatus | null)[]): Filter<FormInstance> | undefined {
  const statuses = [...new Set(chosen.filter((s): s is EnvelopeStatus => s !== null))];
  const parts: Filter<FormInstance>[] = [];
  if (statuses.length) parts.push(odata.in<FormInstance>('envelopeStatus', statuses));
  if (chosen.includes(null)) parts.push(odata.eq<FormInstance>('envelopeId', null));
  return parts.length > 1 ? odata.or<FormInstance>(...parts) : parts[0];
}

/**
 * `$filter` and `$search` of the filters, in the live view or the 'Show deleted' view (every row, deleted ones too).
 * `answerFields` are the chosen form's fields that answer filters may name (a filter on any other path is left out).
 */
export function instanceQuery(
  filters: FormInstanceFilters,
  showDeleted: boolean,
  answerFields: readonly AnswerField[] = [],
): Pick<ODataQueryOptions<FormInstance>, 'filter' | 'search'> {
  const parts: Filter<FormInstance>[] = [odata.deletedView<FormInstance>(showDeleted)];
  if (filters.formId) parts.push(odata.eq<FormInstance>('formId', odata.guid(filters.formId)));
  // The group is the instance's form's (a path through the single-valued `form` navigation).
  if (filters.formGroupId) parts.push(odata.eq<FormInstance & { form: unknown }>('form/formGroupId', odata.guid(filters.formGroupId)) as Filter<FormInstance>);
  if (filters.statuses.length) parts.push(odata.in<FormInstance>('status', [...filters.statuses]));
  parts.push(...range('createdDateTime', filters.createdFrom, filters.createdTo));
  parts.push(...range('lastUpdatedDateTime', filters.updatedFrom, filters.updatedTo));
  const signature = signatureFilter(filters.signatures ?? []);
  if (signature) parts.push(signature);
  if (filters.formId) {
    for (const [path, value] of Object.entries(filters.answers ?? {})) {
      const field = answerFields.find((f) => f.path === path);
      const condition = field ? answerFilter(field, value) : null;
      if (condition) parts.push(condition);
    }
  }
  const search = odata.searchWords(filters.text);
  return { filter: odata.and<FormInstance>(...parts), ...(search ? { search } : {}) };
}

/**
 * Why 'Mark completed' is disabled for an instance, or null when it is offered: only staff holding
 * `Forms_MarkCompleted` complete, and only a Submitted instance (the domain's status table; the server also checks
 * the answers with the form engine and refuses invalid ones).
 */
export function markCompletedBlock(status: FormInstanceStatus, mayComplete: boolean, labels: Labels): string | null {
  if (!mayComplete) return labels.markCompletedNoClaim;
  // A completed instance may keep its status (the table allows it), but completing it again is no change to offer.
  if (status === FormInstanceStatus.Completed || !mayChangeStatus(status, FormInstanceStatus.Completed, 'staff')) return fillLabel(labels.markCompletedNotSubmitted, { status: instanceStatusLabel(status, labels) });
  return null;
}
