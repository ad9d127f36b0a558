import { NavLink, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { Can } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';
import { activeMenuEntry, adminMenuEntries } from './adminMenuEntries';

export interface AdminMenuProps {
  /** Called after an entry is chosen (the shell closes the mobile navbar). */
  onNavigate?: () => void;
}

/** The admin menu: one link per screen, each shown only to users holding its menu claim. */
export function AdminMenu({ onNavigate }: AdminMenuProps) {
  const active = useRouterState({ select: (state) => activeMenuEntry(state.location.pathname) });
  const labels = useLabelTexts(hostLabels);
  return (
    <Stack gap={2}>
      {adminMenuEntries.map((entry) => (
        <Can key={entry.to} claim={entry.claim}>
          <NavLink
            component={Link}
            to={entry.to}
            label={labels[entry.label]}
            active={entry.to === active}
            onClick={onNavigate}
          />
        </Can>
      ))}
    </Stack>
  );
}
AdminMenu.displayName = 'AdminMenu';
