import { Box, Button, Collapse, Stack, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Labels } from '../../query/labels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';

/** The holder kinds the side panels explain, in the words of the labels ('user', 'user group', 'role'). */
export function holderWord(kind: 'user' | 'userGroup' | 'claimGroup', labels: Labels): string {
  return kind === 'user' ? labels.user.toLowerCase() : kind === 'userGroup' ? labels.userGroup.toLowerCase() : labels.claimGroupWord;
}

/** Props of {@link DisclosurePanel}. */
export interface DisclosurePanelProps {
  /** The section's heading. */
  title: string;
  /** The toggle's text while closed and while open. */
  toggleLabels: { show: string; hide: string };
  opened: boolean;
  onToggle: () => void;
  classNames?: { root?: string; toggle?: string };
  styles?: { root?: CSSProperties; toggle?: CSSProperties };
  children: ReactNode;
}

/**
 * A titled section whose content opens under a toggle button (`aria-expanded`, `aria-controls`): the shell of the
 * "why can they?" and change-history panels, which load only while open.
 */
export function DisclosurePanel({ title, toggleLabels, opened, onToggle, classNames, styles, children }: DisclosurePanelProps) {
  const contentId = useId();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} className={classNames?.root} style={styles?.root}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {title}
      </Title>
      <Button
        variant="default"
        size="xs"
        aria-expanded={opened}
        aria-controls={contentId}
        onClick={onToggle}
        className={classNames?.toggle}
        style={styles?.toggle}
      >
        {opened ? toggleLabels.hide : toggleLabels.show}
      </Button>
      <Collapse expanded={opened}>
        <Stack id={contentId} gap="sm" mt="sm">
          {children}
        </Stack>
      </Collapse>
    </Box>
  );
}

/**
 * What a panel's query shows while open: a loader, the failure with a retry, or `content` once there is data.
 */
export function QueryContent<T>({ query, opened, failed, children }: { query: UseQueryResult<T>; opened: boolean; failed: string; children: ReactNode }) {
  if (opened && query.isPending) return <LoadingState />;
  if (query.isError) {
    return <ErrorAlert message={failed} details={query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <>{children}</>;
}
