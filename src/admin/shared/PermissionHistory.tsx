import { Badge, Box, Group, List, Pagination, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import type { Paged } from '../../api/types';
import type { HistoryAction, HistoryEntry, HistoryHolderKind, HistoryItem } from '../../domain/change-history';
import { useApi } from '../../query/APIProvider';
import { fillLabel, type Labels } from '../../query/labels';
import { claimQueries } from '../../query/queries';
import { useLabels } from '../../query/useLabels';
import { useLocale } from '../../query/useLocale';
import { formatMoment } from '../../labels/format';
import { useCan } from '../../permissions/useCan';
import { DisclosurePanel, holderWord, QueryContent } from './DisclosurePanel';

/** Whose change history to show. */
export interface PermissionHistoryHolder {
  kind: HistoryHolderKind;
  id: string;
  name: string;
}

/** Entries per page of the history panel. */
export const PERMISSION_HISTORY_PAGE_SIZE = 10;

/**
 * One page of a holder's change history, newest first (beyond the spec; the server answers administrators only).
 * Loads only while `enabled`; keeps the previous page on screen while the next one loads.
 */
export function usePermissionHistory(
  holder: Pick<PermissionHistoryHolder, 'kind' | 'id'>,
  { page = 1, count = PERMISSION_HISTORY_PAGE_SIZE, enabled = true }: { page?: number; count?: number; enabled?: boolean } = {},
): UseQueryResult<Paged<HistoryEntry>> {
  const { client } = useApi();
  return useQuery({
    ...claimQueries.permissionHistory(client, holder.kind, holder.id, page, count),
    enabled: enabled && Boolean(holder.id),
    placeholderData: keepPreviousData,
  });
}

/** The inner parts of the history panel that `classNames` / `styles` reach. */
export type PermissionHistoryPanelStylesNames = 'root' | 'toggle' | 'entry' | 'pagination';

/** Props of {@link PermissionHistoryPanel}. */
export interface PermissionHistoryPanelProps {
  holder: PermissionHistoryHolder;
  /** Texts instead of the provider's. */
  labels?: Partial<Labels>;
  /** Open at first (the history loads when opened). @default false */
  defaultOpened?: boolean;
  /** Class names of the inner parts. */
  classNames?: Partial<Record<PermissionHistoryPanelStylesNames, string>>;
  /** Inline styles of the inner parts. */
  styles?: Partial<Record<PermissionHistoryPanelStylesNames, CSSProperties>>;
}

/** How a change's moment is written (in the provider's locale). */
function actionLabel(action: HistoryAction, labels: Labels): string {
  return action === 'claims' ? labels.historyActionClaims : action === 'claimGroups' ? labels.historyActionClaimGroups : labels.historyActionMembers;
}

function ItemList({ title, items }: { title: string; items: readonly HistoryItem[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item.key} style={{ overflowWrap: 'anywhere' }}>
            {item.label}
            {item.detail ? ` (${item.detail})` : ''}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * "Who changed it, when?": a collapsible panel listing every recorded change of a user's, user group's or role's
 * claims, claim groups or members, newest first, ten to a page. Shown to administrators only (GlobalDataAdmin), as
 * the server answers them only.
 */
export function PermissionHistoryPanel({ holder, labels: overrides, defaultOpened = false, classNames, styles }: PermissionHistoryPanelProps) {
  const labels = useLabels(overrides);
  const locale = useLocale();
  const admin = useCan('GlobalDataAdmin');
  const [opened, setOpened] = useState(defaultOpened);
  const [page, setPage] = useState(1);
  const query = usePermissionHistory(holder, { page, enabled: opened && admin.can });
  if (!admin.can) return null;
  const word = holderWord(holder.kind, labels);
  const entries = query.data?.list ?? [];
  const pages = query.data?.totalPageCount ?? 0;

  return (
    <DisclosurePanel
      title={labels.historyTitle}
      toggleLabels={{ show: labels.historyShow, hide: labels.historyHide }}
      opened={opened}
      onToggle={() => setOpened((o) => !o)}
      classNames={{ root: classNames?.root, toggle: classNames?.toggle }}
      styles={{ root: styles?.root, toggle: styles?.toggle }}
    >
      <Text size="sm">{fillLabel(labels.historyIntro, { holder: word })}</Text>
      <QueryContent query={query} opened={opened} failed={labels.historyFailed}>
        {entries.length === 0 ? (
          <Text size="sm">{fillLabel(labels.historyEmpty, { holder: word })}</Text>
        ) : (
          <>
            <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={fillLabel(labels.labelForColon, { label: labels.historyTitle, name: holder.name })}>
              {entries.map((entry) => (
                <Box
                  component="li"
                  key={entry.id}
                  data-action={entry.action}
                  className={classNames?.entry}
                  style={{ borderInlineStart: '3px solid var(--mantine-color-default-border)', paddingInlineStart: 12, ...styles?.entry }}
                >
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light" color="dark" radius="sm">
                      {actionLabel(entry.action, labels)}
                    </Badge>
                    <Text size="sm" component="time" dateTime={new Date(entry.at).toISOString()}>
                      {formatMoment(entry.at, locale, 'history')}
                    </Text>
                    <Text size="sm">{fillLabel(labels.historyBy, { actor: entry.actor?.name || labels.historySystem })}</Text>
                  </Group>
                  <Stack gap={4} mt={4}>
                    <ItemList title={labels.added} items={entry.added} />
                    <ItemList title={labels.removed} items={entry.removed} />
                    <ItemList title={labels.updated} items={entry.updated} />
                  </Stack>
                </Box>
              ))}
            </Stack>
            {pages > 1 && (
              <Box component="nav" aria-label={labels.historyPages} className={classNames?.pagination} style={styles?.pagination}>
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' || control === 'first' ? labels.historyPreviousPage : labels.historyNextPage,
                  })}
                  getItemProps={(item) => ({ 'aria-label': fillLabel(labels.historyPage, { page: item }) })}
                />
              </Box>
            )}
          </>
        )}
      </QueryContent>
    </DisclosurePanel>
  );
}
PermissionHistoryPanel.displayName = '@ccq/forms-admin/PermissionHistoryPanel';
