/**
 * The signing envelope statuses a screen's filter offers (React-free, so a query helper, a host's address check or a
 * test reads the same list): the Signing screen's status filter and Form Instances' signature filter.
 */
import { EnvelopeStatus } from '../../api/enums';

/** The envelope statuses the filters offer, in the spec's order (Unknown is no status a person chooses). */
export const ENVELOPE_FILTER_STATUSES: readonly EnvelopeStatus[] = [
  EnvelopeStatus.NotStarted,
  EnvelopeStatus.Created,
  EnvelopeStatus.Sent,
  EnvelopeStatus.Delivered,
  EnvelopeStatus.Completed,
  EnvelopeStatus.Declined,
  EnvelopeStatus.Voided,
];
