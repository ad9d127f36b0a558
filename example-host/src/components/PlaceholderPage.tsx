import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageShell } from '../formsAdmin';
import { PageTitle } from './landmarks';

export interface PlaceholderPageProps {
  /** The screen's name, e.g. 'Form Builder'. */
  title: string;
  /** What the route was opened with (ids, mode), shown under the notice. */
  children?: ReactNode;
}

/** Text of every screen that a later release brings. */
export const PLACEHOLDER_NOTICE = 'This screen arrives in a later release.';

/** Stands in for a screen that is not built yet, so every route and menu entry already leads somewhere. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return (
    <PageShell title={title} data-placeholder>
      <PageTitle title={title} />
      <Text>{PLACEHOLDER_NOTICE}</Text>
      {children}
    </PageShell>
  );
}
PlaceholderPage.displayName = 'PlaceholderPage';
