import { Badge, Box, type BadgeProps } from '@mantine/core';
import { EnvelopeStatus } from '../../api/enums';
import { envelopeStatusLabels, envelopeStatusName } from '../../labels/envelope-status-labels';
import { useLabelGroup } from '../../query/label-context';
import { statusDotColor } from './instance-status';

/** The dot colour of each envelope status (a Mantine colour, or `'primary'`); it only repeats the status, which is always named. */
const ENVELOPE_STATUS_COLORS: Readonly<Record<EnvelopeStatus, string>> = {
  [EnvelopeStatus.Unknown]: 'gray',
  [EnvelopeStatus.NotStarted]: 'gray',
  [EnvelopeStatus.Created]: 'gray',
  [EnvelopeStatus.Sent]: 'primary',
  [EnvelopeStatus.Delivered]: 'cyan',
  [EnvelopeStatus.Completed]: 'green',
  [EnvelopeStatus.Declined]: 'red',
  [EnvelopeStatus.Voided]: 'orange',
};

export interface EnvelopeStatusBadgeProps extends Omit<BadgeProps, 'children' | 'leftSection' | 'variant'> {
  status: EnvelopeStatus;
}

/**
 * An envelope's status by its name in the labels (the spec's: Sent, Delivered, Completed…), as the Signing screen and the Form Instances
 * list show it. The badge is neutral and the dot's colour only repeats the name (coloured light badges' text was under
 * 4.5:1); a status the library does not know reads as Unknown.
 */
export function EnvelopeStatusBadge({ status, ...others }: EnvelopeStatusBadgeProps) {
  const labels = useLabelGroup(envelopeStatusLabels);
  return (
    // At least as wide as its text: in a table's narrow column the badge otherwise shrank and cut it ('S…' for Sent).
    <Badge variant="default" miw="max-content" leftSection={<Box w={8} h={8} bg={statusDotColor(ENVELOPE_STATUS_COLORS[status])} style={{ borderRadius: '50%' }} />} {...others}>
      {envelopeStatusName(status, labels)}
    </Badge>
  );
}
