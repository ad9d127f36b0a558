import { EnvelopeStatus } from '../contract/enums';

/**
 * The names of the signing envelope statuses as the screens show them (the status badge, the Signing screen's filter,
 * Form Instances' refusal to request a second signature), English by default: the specification's names. They are
 * spread into the library's one `englishLabels` object (src/labels/english.ts), so a host overrides them like every
 * other text.
 */
export const envelopeStatusLabels = {
  envelopeStatusUnknown: 'Unknown',
  envelopeStatusNotStarted: 'NotStarted',
  envelopeStatusCreated: 'Created',
  envelopeStatusSent: 'Sent',
  envelopeStatusDelivered: 'Delivered',
  envelopeStatusCompleted: 'Completed',
  envelopeStatusDeclined: 'Declined',
  envelopeStatusVoided: 'Voided',
} as const;

const KEYS: Readonly<Record<EnvelopeStatus, keyof typeof envelopeStatusLabels>> = {
  [EnvelopeStatus.Unknown]: 'envelopeStatusUnknown',
  [EnvelopeStatus.NotStarted]: 'envelopeStatusNotStarted',
  [EnvelopeStatus.Created]: 'envelopeStatusCreated',
  [EnvelopeStatus.Sent]: 'envelopeStatusSent',
  [EnvelopeStatus.Delivered]: 'envelopeStatusDelivered',
  [EnvelopeStatus.Completed]: 'envelopeStatusCompleted',
  [EnvelopeStatus.Declined]: 'envelopeStatusDeclined',
  [EnvelopeStatus.Voided]: 'envelopeStatusVoided',
};

/** The shown name of an envelope status; a status the library does not know reads as Unknown. */
export function envelopeStatusName(status: EnvelopeStatus | number, labels: { readonly [K in keyof typeof envelopeStatusLabels]: string }): string {
  return labels[KEYS[status as EnvelopeStatus] ?? 'envelopeStatusUnknown'];
}
