import { Badge, Box, type BadgeProps } from '@mantine/core';
import type { FormInstanceStatus } from '../../api/enums';
import { INSTANCE_STATUS_COLORS, instanceStatusLabel, statusDotColor, type InstanceStatusLabels, type InstanceStatusScreen } from './instance-status';

export interface InstanceStatusBadgeProps extends Omit<BadgeProps, 'children' | 'leftSection' | 'variant'> {
  status: FormInstanceStatus;
  /** The texts in force (the screen's labels). */
  labels: InstanceStatusLabels;
  /** The screen whose own status keys a host may have set (see `instanceStatusLabel`). */
  screen?: InstanceStatusScreen;
}

/**
 * A form instance's status by name (Created, In progress, Submitted, Completed), as the dashboard, the managers and
 * Form Instances show it. The badge is neutral and the dot's colour only repeats the name (coloured light badges'
 * text was under 4.5:1).
 */
export function InstanceStatusBadge({ status, labels, screen, ...others }: InstanceStatusBadgeProps) {
  return (
    // Never narrower than its name: a table squeezes cells, and a cut name ("SUBMI…") reads as another status.
    <Badge
      variant="default"
      miw="max-content"
      leftSection={<Box w={8} h={8} bg={statusDotColor(INSTANCE_STATUS_COLORS[status])} style={{ borderRadius: '50%' }} />}
      {...others}
    >
      {instanceStatusLabel(status, labels, screen)}
    </Badge>
  );
}
