/**
 * How the admin screens name and colour a form instance's status: one rule for the dashboard, the managers' instance
 * table and Form Instances (React-free, so a query helper or a test reads the same texts).
 */
import { FormInstanceStatus } from '../../api/enums';
import { INSTANCE_STATUS_NAMES } from '../../domain/forms/statuses';
import { instanceStatusLabels } from '../../query/form-instance-list-labels';
import type { Labels } from '../../query/labels';

type StatusName = (typeof INSTANCE_STATUS_NAMES)[FormInstanceStatus];

/**
 * A screen that keeps its own older status keys (`dashStatus…` on the dashboard, `fmStatus…` in the managers): a host
 * that set one of them still sees its text on that screen.
 */
export type InstanceStatusScreen = 'dash' | 'fm';

/** The texts {@link instanceStatusLabel} reads. */
export type InstanceStatusLabels = Pick<Labels, `status${StatusName}` | `${InstanceStatusScreen}Status${StatusName}`>;

/**
 * The background of a status dot: shade 6 of a Mantine colour, or of the theme's primary colour for `'primary'` (the
 * status under way follows the host's theme, never a fixed blue).
 */
export function statusDotColor(color: string | undefined): string {
  return color === 'primary' ? 'var(--mantine-primary-color-6)' : `${color ?? 'gray'}.6`;
}

/** The dot colour of each status (a Mantine colour, or `'primary'`); it only repeats the status, which is always named. */
export const INSTANCE_STATUS_COLORS: Readonly<Record<FormInstanceStatus, string>> = {
  [FormInstanceStatus.Created]: 'gray',
  [FormInstanceStatus.InProgress]: 'primary',
  [FormInstanceStatus.Submitted]: 'orange',
  [FormInstanceStatus.Completed]: 'green',
};

/**
 * The text of a status: the label `status` + its name (`statusInProgress`…, the names of
 * src/domain/forms/statuses.ts). On a `screen` with keys of its own, that screen's key wins when a host changed it
 * (its default is the shared text, so the shared key is read through it); a status the library does not know reads as
 * its number.
 */
export function instanceStatusLabel(status: FormInstanceStatus, labels: InstanceStatusLabels, screen?: InstanceStatusScreen): string {
  const name: StatusName | undefined = INSTANCE_STATUS_NAMES[status];
  if (name === undefined) return String(status);
  const shared = `status${name}` as const;
  if (screen) {
    const own = labels[`${screen}Status${name}`];
    if (own !== instanceStatusLabels[shared]) return own;
  }
  return labels[shared];
}
