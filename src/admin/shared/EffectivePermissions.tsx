import { Badge, Box, List, Text, TextInput } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties } from 'react';
import type { EffectivePermission, GrantSourceStep } from '../../domain/effective-claims';
import { useApi } from '../../query/APIProvider';
import { fillLabel, type Labels } from '../../query/labels';
import { claimQueries } from '../../query/queries';
import { useLabels } from '../../query/useLabels';
import { useMyClaims } from '../../permissions/useMyClaims';
import { ColumnsTable } from '../../ui/stacked-columns';
import { DisclosurePanel, holderWord, QueryContent } from './DisclosurePanel';

/** Whose effective permissions to explain. */
export interface EffectivePermissionsHolder {
  kind: 'user' | 'userGroup' | 'claimGroup';
  id: string;
  name: string;
}

/**
 * "Why can they?": the holder's effective permissions from the server, computed by the same domain function that
 * enforces them. Loads only while `enabled`.
 */
export function useEffectivePermissions(
  holder: Pick<EffectivePermissionsHolder, 'kind' | 'id'>,
  { enabled = true }: { enabled?: boolean } = {},
): UseQueryResult<EffectivePermission[]> {
  const { client } = useApi();
  return useQuery({ ...claimQueries.effectivePermissions(client, holder.kind, holder.id), enabled: enabled && Boolean(holder.id) });
}

/** The inner parts of the effective-permissions panel that `classNames` / `styles` reach. */
export type EffectivePermissionsPanelStylesNames = 'root' | 'toggle' | 'search' | 'table';

/** Props of {@link EffectivePermissionsPanel}. */
export interface EffectivePermissionsPanelProps {
  holder: EffectivePermissionsHolder;
  /** Texts instead of the provider's. */
  labels?: Partial<Labels>;
  /** Open at first (the data loads when opened). @default false */
  defaultOpened?: boolean;
  /** Class names of the inner parts. */
  classNames?: Partial<Record<EffectivePermissionsPanelStylesNames, string>>;
  /** Inline styles of the inner parts. */
  styles?: Partial<Record<EffectivePermissionsPanelStylesNames, CSSProperties>>;
}

/** An effective permission with its key ('Form_Delete'), as a row of the table. */
interface ExplainedPermission extends EffectivePermission {
  key: string;
}

function pathText(path: readonly GrantSourceStep[], labels: Labels): string {
  // The holder is the first step: a grant of their own reads 'granted directly'.
  return path.length <= 1 ? labels.directGrant : path.slice(1).map((step) => step.name).join(' → ');
}

/**
 * A collapsible panel listing every permission the holder ends up with: allowed or denied, the winning priority, the
 * path it came through (user → group → role → nested role), and the grants it overruled and why. Searchable by
 * permission name or by a group or role on the path.
 */
export function EffectivePermissionsPanel({
  holder,
  labels: overrides,
  defaultOpened = false,
  classNames,
  styles,
}: EffectivePermissionsPanelProps) {
  const labels = useLabels(overrides);
  const [opened, setOpened] = useState(defaultOpened);
  const [search, setSearch] = useState('');
  const query = useEffectivePermissions(holder, { enabled: opened });
  const { numbersByKey } = useMyClaims();
  const word = holderWord(holder.kind, labels);

  const keyOf = useMemo(() => {
    const map = new Map<number, string>();
    for (const [key, value] of numbersByKey) map.set(value, key);
    return map;
  }, [numbersByKey]);

  const rows = useMemo((): ExplainedPermission[] => {
    const needle = search.trim().toLowerCase();
    const list = (query.data ?? []).map((p) => ({ ...p, key: keyOf.get(p.claimValue) ?? String(p.claimValue) }));
    if (!needle) return list;
    return list.filter(
      (p) =>
        p.key.toLowerCase().includes(needle) ||
        p.winner.path.some((s) => s.name.toLowerCase().includes(needle)) ||
        p.overruled.some((o) => o.path.some((s) => s.name.toLowerCase().includes(needle))),
    );
  }, [query.data, keyOf, search]);

  const columns = useMemo<DataTableColumn<ExplainedPermission>[]>(() => {
    const reasonText = (reason: EffectivePermission['overruled'][number]['reason']) =>
      reason === 'lower-priority'
        ? labels.overruledLowerPriority
        : reason === 'deny-wins-tie'
          ? labels.overruledDenyWinsTie
          : labels.overruledSameOutcome;
    return [
      { accessor: 'key', title: labels.effectivePermissionColumn },
      {
        accessor: 'allowed',
        title: labels.effectivePermissionResult,
        // Filled dark shades: white text stays at AA contrast on striped rows in both schemes. min-width max-content:
        // the badge's label hides its overflow, so without it the column could shrink the badge below its word and
        // the table would show 'ALL…' or 'DENI…'.
        render: (p) => (
          <Badge color={p.allowed ? 'teal.9' : 'red.9'} variant="filled" miw="max-content">
            {p.allowed ? labels.effectiveAllowed : labels.effectiveDenied}
          </Badge>
        ),
      },
      { accessor: 'priority', title: labels.effectivePermissionPriority, render: (p) => p.winner.priorityOfPermission },
      {
        accessor: 'from',
        title: labels.effectivePermissionFrom,
        render: (p) => <Box style={{ overflowWrap: 'anywhere' }}>{pathText(p.winner.path, labels)}</Box>,
      },
      {
        accessor: 'overruled',
        title: labels.effectivePermissionOverruled,
        render: (p) =>
          p.overruled.length > 0 && (
            <List size="sm" spacing={2}>
              {p.overruled.map((o, i) => (
                <List.Item key={i}>
                  {o.allow ? labels.effectiveAllowed : labels.effectiveDenied} ({o.priorityOfPermission}), {pathText(o.path, labels)}:{' '}
                  {reasonText(o.reason)}
                </List.Item>
              ))}
            </List>
          ),
      },
    ];
  }, [labels]);

  return (
    <DisclosurePanel
      title={labels.effectivePermissions}
      toggleLabels={{ show: labels.effectivePermissionsShow, hide: labels.effectivePermissionsHide }}
      opened={opened}
      onToggle={() => setOpened((o) => !o)}
      classNames={{ root: classNames?.root, toggle: classNames?.toggle }}
      styles={{ root: styles?.root, toggle: styles?.toggle }}
    >
      <Text size="sm">
        {holder.kind === 'claimGroup' ? labels.effectivePermissionsIntroRole : labels.effectivePermissionsIntro.replace('{holder}', word)}
      </Text>
      <QueryContent query={query} opened={opened} failed={labels.effectivePermissionsFailed}>
        {query.data && query.data.length === 0 ? (
          <Text size="sm">{labels.effectivePermissionsEmpty.replace('{holder}', word)}</Text>
        ) : (
          <>
            <TextInput
              label={labels.effectivePermissionsSearch}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maw={360}
              className={classNames?.search}
              style={styles?.search}
            />
            {rows.length === 0 ? (
              <Text size="sm">{labels.effectivePermissionsNoMatch}</Text>
            ) : (
              <ColumnsTable
                striped
                verticalSpacing={6}
                aria-label={fillLabel(labels.labelForColon, { label: labels.effectivePermissions, name: holder.name })}
                className={classNames?.table}
                style={styles?.table}
                records={rows}
                rowKey={(p) => String(p.claimValue)}
                rowAttributes={(p) => ({ 'data-claim': p.key })}
                rowHeader
                columns={columns}
                minWidth={640}
              />
            )}
          </>
        )}
      </QueryContent>
    </DisclosurePanel>
  );
}
EffectivePermissionsPanel.displayName = '@ccq/forms-admin/EffectivePermissionsPanel';
