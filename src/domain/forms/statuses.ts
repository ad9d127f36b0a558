/**
 * The life of a form instance: which status changes are allowed, and who may make each. One table for the test fake
 * and the reference server; both call {@link checkStatusChange} on every write that sets a status (CRUD post and
 * patch, `Forms/MarkCompleted`).
 *
 * Two kinds of caller change statuses:
 * - `visitor`: whoever fills a public form without the route's claim — an anonymous caller posting an instance of a
 *   public schema, or holding an edit link (and a signed-in user the routes treat as a visitor). A visitor moves
 *   forward only, Created → InProgress → Submitted; a Submitted instance is handed in, and from then on the visitor
 *   changes nothing; only staff complete.
 * - `staff`: a signed-in user holding the route's claim (`FormInstance_Add` / `FormInstance_Update` for the CRUD
 *   calls, `Forms_MarkCompleted` for `MarkCompleted`). Staff may move a draft either way, send a Submitted instance
 *   back to a draft (to be corrected), and complete it — Completed only from Submitted, so every completed instance
 *   was checked on the way in. A Completed instance keeps its status.
 *
 * No instance starts Completed. Every change into Submitted or Completed also checks the data with the form engine
 * (`checkInstanceData`).
 */
import { FormInstanceStatus } from '../../contract/enums';
import { DomainError } from '../errors';
import type { JsonRecord } from '../json-body';
import { statusField } from './entities';

/** Who changes a status (see the module's description). */
export type StatusActor = 'visitor' | 'staff';

/** Where a change starts: a status, or `new` for an instance being created. */
export type StatusOrigin = FormInstanceStatus | 'new';

const { Created, InProgress, Submitted, Completed } = FormInstanceStatus;
const BOTH: readonly StatusActor[] = ['visitor', 'staff'];
const STAFF: readonly StatusActor[] = ['staff'];

/**
 * The allowed status changes: from (row) → to (column) → who may make it. A change the table lacks is refused, and
 * keeping a status counts as a change (a visitor cannot save a Submitted instance again).
 */
export const STATUS_TRANSITIONS: Readonly<Record<StatusOrigin, Readonly<Partial<Record<FormInstanceStatus, readonly StatusActor[]>>>>> = {
  new: { [Created]: BOTH, [InProgress]: BOTH, [Submitted]: BOTH },
  [Created]: { [Created]: BOTH, [InProgress]: BOTH, [Submitted]: BOTH },
  [InProgress]: { [Created]: STAFF, [InProgress]: BOTH, [Submitted]: BOTH },
  [Submitted]: { [Created]: STAFF, [InProgress]: STAFF, [Submitted]: STAFF, [Completed]: STAFF },
  [Completed]: { [Completed]: STAFF },
};

/**
 * The name of each status as the API's enum spells it (src/api/enums): the messages below use it, and the admin
 * screens' label keys are built from it (`statusInProgress`, `fmStatusInProgress`…), so a status has one name.
 */
export const INSTANCE_STATUS_NAMES = {
  [Created]: 'Created',
  [InProgress]: 'InProgress',
  [Submitted]: 'Submitted',
  [Completed]: 'Completed',
} as const satisfies Readonly<Record<FormInstanceStatus, string>>;
const NAMES: Readonly<Record<FormInstanceStatus, string>> = INSTANCE_STATUS_NAMES;

/** The message of a visitor's change to a submitted instance. */
export const SUBMITTED_MESSAGE = 'This form instance is submitted: a form link cannot change it any more.';
/** The message of a change to a completed instance through a link. */
export const COMPLETED_MESSAGE = 'This form instance is completed.';
/** The message of a visitor completing an instance. */
export const VISITOR_COMPLETE_MESSAGE =
  'A form link cannot complete the form instance: a signed-in user with the Forms_MarkCompleted claim completes a submitted instance.';
/** The message of a new instance that would start Completed. */
export const NEW_COMPLETED_MESSAGE = 'A new form instance cannot be Completed: save it as Submitted, then complete it.';

/** Whether `actor` may move an instance from `from` to `to`. */
export function mayChangeStatus(from: StatusOrigin, to: FormInstanceStatus, actor: StatusActor): boolean {
  return STATUS_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/**
 * Refuses a status change the table does not give `actor`: 403 for a visitor completing, 409 for a change the
 * instance's state forbids (a submitted or completed instance, a step backwards, completing a draft), 400 for a new
 * instance that would start Completed. Each message names the statuses.
 */
export function checkStatusChange(from: StatusOrigin, to: FormInstanceStatus, actor: StatusActor): void {
  if (mayChangeStatus(from, to, actor)) return;
  if (actor === 'visitor') {
    if (from === Completed) throw new DomainError(409, COMPLETED_MESSAGE);
    if (from === Submitted) throw new DomainError(409, SUBMITTED_MESSAGE);
    if (to === Completed) throw new DomainError(403, VISITOR_COMPLETE_MESSAGE);
  }
  if (from === 'new') throw new DomainError(400, to === Completed ? NEW_COMPLETED_MESSAGE : `A new form instance cannot be ${NAMES[to]}.`);
  if (from === Completed) throw new DomainError(409, `A completed form instance stays Completed; it cannot become ${NAMES[to]}.`);
  if (to === Completed) throw new DomainError(409, `Only a Submitted form instance can be completed; this one is ${NAMES[from]}.`);
  throw new DomainError(409, `A form link cannot move a form instance from ${NAMES[from]} back to ${NAMES[to]}.`);
}

/**
 * The status change a CRUD body asks for, checked: a post (`existing` undefined) starts at its `status` (Created when
 * absent); a patch without `status` keeps the instance's (which counts as a change, see {@link STATUS_TRANSITIONS}).
 */
export function checkInstanceStatusChange(
  body: JsonRecord,
  existing: { status: FormInstanceStatus } | undefined,
  actor: StatusActor,
): FormInstanceStatus {
  const from: StatusOrigin = existing ? existing.status : 'new';
  const to = statusField(body, existing ? existing.status : Created);
  checkStatusChange(from, to, actor);
  return to;
}
