/**
 * The domain's status table of form instances (src/domain/forms): who may make which status change. The bounds of
 * anonymous writes (their 429s with the wait) are tested with their use case, tests/service/forms.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FormInstanceStatus } from '../../src/api/enums';
import { DomainError } from '../../src/domain';
import {
  checkInstanceStatusChange,
  checkStatusChange,
  COMPLETED_MESSAGE,
  mayChangeStatus,
  NEW_COMPLETED_MESSAGE,
  STATUS_TRANSITIONS,
  SUBMITTED_MESSAGE,
  VISITOR_COMPLETE_MESSAGE,
  type StatusActor,
  type StatusOrigin,
} from '../../src/domain/forms';

const { Created, InProgress, Submitted, Completed } = FormInstanceStatus;
const STATUSES = [Created, InProgress, Submitted, Completed];

function refusal(fn: () => unknown): { status: number; detail: string; extensions: Readonly<Record<string, unknown>> } | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, detail: error.detail, extensions: error.extensions };
    throw error;
  }
}

describe('status table', () => {
  it('a visitor moves forward only, Created → InProgress → Submitted, and never completes', () => {
    const allowed = (from: StatusOrigin) => STATUSES.filter((to) => mayChangeStatus(from, to, 'visitor'));
    expect(allowed('new')).toEqual([Created, InProgress, Submitted]);
    expect(allowed(Created)).toEqual([Created, InProgress, Submitted]);
    expect(allowed(InProgress)).toEqual([InProgress, Submitted]);
    expect(allowed(Submitted)).toEqual([]);
    expect(allowed(Completed)).toEqual([]);
  });

  it('staff may send a Submitted instance back, complete only a Submitted one, and never reopen a Completed one', () => {
    const allowed = (from: StatusOrigin) => STATUSES.filter((to) => mayChangeStatus(from, to, 'staff'));
    expect(allowed('new')).toEqual([Created, InProgress, Submitted]);
    expect(allowed(InProgress)).toEqual([Created, InProgress, Submitted]);
    expect(allowed(Submitted)).toEqual([Created, InProgress, Submitted, Completed]);
    expect(allowed(Completed)).toEqual([Completed]);
  });

  it('every refusal is specific', () => {
    const check = (from: StatusOrigin, to: FormInstanceStatus, actor: StatusActor) => refusal(() => checkStatusChange(from, to, actor));
    expect(check(Created, Completed, 'visitor')).toMatchObject({ status: 403, detail: VISITOR_COMPLETE_MESSAGE });
    expect(check('new', Completed, 'visitor')).toMatchObject({ status: 403, detail: VISITOR_COMPLETE_MESSAGE });
    expect(check(Submitted, InProgress, 'visitor')).toMatchObject({ status: 409, detail: SUBMITTED_MESSAGE });
    expect(check(Submitted, Completed, 'visitor')).toMatchObject({ status: 409, detail: SUBMITTED_MESSAGE });
    expect(check(Completed, Completed, 'visitor')).toMatchObject({ status: 409, detail: COMPLETED_MESSAGE });
    expect(check(InProgress, Created, 'visitor')).toMatchObject({ status: 409, detail: 'A form link cannot move a form instance from InProgress back to Created.' });
    expect(check('new', Completed, 'staff')).toMatchObject({ status: 400, detail: NEW_COMPLETED_MESSAGE });
    expect(check(InProgress, Completed, 'staff')).toMatchObject({ status: 409, detail: 'Only a Submitted form instance can be completed; this one is InProgress.' });
    expect(check(Completed, Submitted, 'staff')).toMatchObject({ status: 409, detail: 'A completed form instance stays Completed; it cannot become Submitted.' });
    expect(check(Submitted, Completed, 'staff')).toBeNull();
  });

  it('reads the change from a CRUD body: absent status keeps the instance\'s, unknown status is 400', () => {
    expect(checkInstanceStatusChange({}, undefined, 'visitor')).toBe(Created);
    expect(checkInstanceStatusChange({ Status: 1 }, { status: Created }, 'visitor')).toBe(InProgress);
    expect(refusal(() => checkInstanceStatusChange({ data: {} }, { status: Submitted }, 'visitor'))?.status).toBe(409);
    expect(refusal(() => checkInstanceStatusChange({ status: 9 }, undefined, 'staff'))?.status).toBe(400);
    expect(Object.keys(STATUS_TRANSITIONS)).toHaveLength(5);
  });
});
