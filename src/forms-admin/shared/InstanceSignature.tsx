import { Text } from '@mantine/core';
import type { FormInstance } from '../../api/types';
import type { Labels } from '../../query/labels';
import { EnvelopeStatusBadge } from './EnvelopeStatusBadge';

/** Props of {@link InstanceSignature}. */
export interface InstanceSignatureProps {
  /** The form instance, as an OData read answers it: its latest envelope and that envelope's status. */
  instance: Pick<FormInstance, 'envelopeId' | 'envelopeStatus'>;
  labels: Pick<Labels, 'signatureNotRequested'>;
}

/**
 * The 'Signature' cell of a form instance: its latest envelope's status by the spec's name, or 'Not requested'. The
 * instance row carries both (`envelopeId`, `envelopeStatus`), so the cell costs no further request. The Form
 * Instances list and the managers' instance tables show it to those with Signing_AllowRead.
 */
export function InstanceSignature({ instance, labels }: InstanceSignatureProps) {
  const status = instance.envelopeStatus;
  return instance.envelopeId && status !== undefined && status !== null ? (
    <EnvelopeStatusBadge status={status} />
  ) : (
    <Text size="sm">{labels.signatureNotRequested}</Text>
  );
}
