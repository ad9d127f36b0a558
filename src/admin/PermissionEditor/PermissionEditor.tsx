import {
  Box,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  useProps,
  type BoxProps,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ALL_CLAIM_TYPES, ClaimTypeFlags } from '../../api/enums';
import type { ClaimBase } from '../../api/types';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { fillLabel, useAdminLabels, type AdminLabels } from '../admin-labels';
import {
  PRIORITY_MAX,
  PRIORITY_MIN,
  claimTypesOf,
  permissionCategories,
  selectionOf,
  type PermissionCategory,
} from './permission-model';
import { useClaimCatalogue, useClaimEntriesOfTypes } from './usePermissionCatalogue';

/** One claim group a holder may be given, as the picker shows it. */
export interface ClaimGroupOption {
  value: string;
  label: string;
}

export interface PermissionEditorProps extends Omit<BoxProps, 'children'> {
  /** The selected permissions with their priority and allow flag (controlled). */
  value: readonly ClaimBase[];
  /** Called with the whole new selection. */
  onChange: (value: ClaimBase[]) => void;
  /** Claim groups that may be chosen; the claim-group picker is shown only when this is given. */
  claimGroupOptions?: readonly ClaimGroupOption[];
  /**
   * The chosen claim group ids (controlled).
   * @default []
   */
  claimGroupIds?: readonly string[];
  /** Called with the new claim group ids. */
  onClaimGroupIdsChange?: (ids: string[]) => void;
  /**
   * Label of the claim-group picker, e.g. 'Sub-claim groups'.
   * @default labels.claimGroups ('Claim groups')
   */
  claimGroupsLabel?: string;
  /**
   * Heading level of the three parts.
   * @default 3
   */
  headingOrder?: 2 | 3 | 4 | 5;
  /** Overrides of the texts; the spec's texts come from the `APIProvider` labels. */
  labels?: Partial<AdminLabels>;
}

const defaultProps = {
  claimGroupIds: [],
  headingOrder: 3,
} satisfies Partial<PermissionEditorProps>;

// Mantine's dimmed description colour fails WCAG AA contrast at its small size in both schemes.
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-text)' } };

const CLAIM_TYPE_FILTER: readonly { flag: number; label: 'serverClaims' | 'uxClaims' | 'tableClaims' }[] = [
  { flag: ClaimTypeFlags.ServerClaim, label: 'serverClaims' },
  { flag: ClaimTypeFlags.UXClaim, label: 'uxClaims' },
  { flag: ClaimTypeFlags.TableClaim, label: 'tableClaims' },
];

interface CategoryFieldsetProps {
  category: PermissionCategory;
  selected: ReadonlySet<number>;
  descriptions: ReadonlyMap<number, string | null | undefined>;
  onToggle: (values: PermissionCategory['entries'], on: boolean) => void;
  labels: AdminLabels;
}

function CategoryFieldset({ category, selected, descriptions, onToggle, labels }: CategoryFieldsetProps) {
  const count = category.entries.filter((e) => selected.has(e.value)).length;
  const all = count === category.entries.length;
  return (
    <Fieldset legend={category.name} data-category={category.id}>
      <Stack gap={6}>
        <Checkbox
          label={fillLabel(labels.selectAllIn, { category: category.name })}
          checked={all}
          indeterminate={count > 0 && !all}
          onChange={() => onToggle(category.entries, !all)}
          fw={600}
        />
        {category.entries.map((entry) => (
          <Checkbox
            key={entry.value}
            label={entry.key}
            description={descriptions.get(entry.value) ?? undefined}
            styles={READABLE_DESCRIPTION}
            checked={selected.has(entry.value)}
            onChange={(e) => onToggle([entry], e.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}

/**
 * Edits what a holder (a claim group, user or user group) is granted: claim groups (optional), permission categories
 * filtered by claim type with a select-all each, and the individual selected permissions with their
 * `priorityOfPermission` and allow flag. It only edits a selection; saving it is up to the screen.
 */
export function PermissionEditor(props: PermissionEditorProps) {
  const {
    value,
    onChange,
    claimGroupOptions,
    claimGroupIds,
    onClaimGroupIdsChange,
    claimGroupsLabel,
    headingOrder,
    labels: labelOverrides,
    ...others
  } = useProps('PermissionEditor', defaultProps, props);
  const labels = useAdminLabels(labelOverrides);
  const [claimTypes, setClaimTypes] = useState<number>(ALL_CLAIM_TYPES);
  const filtered = useClaimEntriesOfTypes(claimTypes);
  const catalogue = useClaimCatalogue();
  const categoriesId = useId();
  const individualId = useId();

  const categories = useMemo(() => permissionCategories(filtered.data ?? [], labels), [filtered.data, labels]);
  const selected = useMemo(() => new Set(value.map((v) => v.claimValue)), [value]);
  const descriptions = useMemo(
    () => new Map([...catalogue.byValue].map(([v, e]) => [v, e.description])),
    [catalogue.byValue],
  );

  const toggle: CategoryFieldsetProps['onToggle'] = (entries, on) => {
    const values = new Set(entries.map((e) => e.value));
    if (on) onChange([...value, ...entries.filter((e) => !selected.has(e.value)).map(selectionOf)]);
    else onChange(value.filter((v) => !values.has(v.claimValue)));
  };
  const update = (claimValue: number, change: Partial<ClaimBase>) =>
    onChange(value.map((v) => (v.claimValue === claimValue ? { ...v, ...change } : v)));
  const keyOf = (claimValue: number) => catalogue.byValue.get(claimValue)?.key ?? `#${claimValue}`;

  return (
    <Box {...others}>
      <Stack gap="xl">
        {claimGroupOptions && (
          <MultiSelect
            label={claimGroupsLabel ?? labels.claimGroups}
            data={claimGroupOptions.map((o) => ({ value: o.value, label: o.label }))}
            value={[...claimGroupIds]}
            onChange={(ids) => onClaimGroupIdsChange?.(ids)}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="—"
          />
        )}

        <Stack component="section" aria-labelledby={categoriesId} gap="sm">
          <Title order={headingOrder} size="h4" id={categoriesId}>
            {labels.permissionCategories}
          </Title>
          <Checkbox.Group
            label={labels.claimTypes}
            value={claimTypesOf(claimTypes).map(String)}
            onChange={(types) => setClaimTypes(types.reduce((flags, t) => flags | Number(t), 0))}
          >
            <Group gap="md" mt={4}>
              {CLAIM_TYPE_FILTER.map(({ flag, label }) => (
                <Checkbox key={flag} value={String(flag)} label={labels[label]} />
              ))}
            </Group>
          </Checkbox.Group>
          {claimTypes === ClaimTypeFlags.None ? (
            <Text size="sm">{labels.noClaimTypeSelected}</Text>
          ) : filtered.isError ? (
            <ErrorAlert
              message={labels.failedToLoadClaims}
              onRetry={() => void filtered.refetch()}
              retrying={filtered.isFetching}
              labels={{ retry: labels.tryAgain }}
            />
          ) : filtered.isPending ? (
            <LoadingState labels={{ label: labels.loadingClaims }} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {categories.map((category) => (
                <CategoryFieldset
                  key={category.id}
                  category={category}
                  selected={selected}
                  descriptions={descriptions}
                  onToggle={toggle}
                  labels={labels}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>

        <Stack component="section" aria-labelledby={individualId} gap="sm">
          <Title order={headingOrder} size="h4" id={individualId}>
            {labels.individualPermissions}
          </Title>
          {catalogue.isError && (
            <ErrorAlert
              message={labels.failedToLoadPermissions}
              onRetry={() => void catalogue.refetch()}
              retrying={catalogue.isFetching}
              labels={{ retry: labels.tryAgain }}
            />
          )}
          {value.length === 0 ? (
            <Text size="sm">{labels.noPermissionsSelected}</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{labels.permission}</Table.Th>
                    <Table.Th>{labels.priority}</Table.Th>
                    <Table.Th>{labels.allow}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {value.map((claim) => {
                    const key = keyOf(claim.claimValue);
                    return (
                      <Table.Tr key={claim.claimValue} data-denied={!claim.allow || undefined}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {key}
                          </Text>
                          {descriptions.get(claim.claimValue) && (
                            <Text size="xs">
                              {descriptions.get(claim.claimValue)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={fillLabel(labels.priorityOf, { key })}
                            description={fillLabel(labels.priorityRange, { min: PRIORITY_MIN, max: PRIORITY_MAX })}
                            value={claim.priorityOfPermission}
                            min={PRIORITY_MIN}
                            max={PRIORITY_MAX}
                            allowDecimal={false}
                            allowNegative={false}
                            clampBehavior="strict"
                            w={140}
                            styles={READABLE_DESCRIPTION}
                            onChange={(next) => {
                              if (typeof next === 'number') update(claim.claimValue, { priorityOfPermission: next });
                            }}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            aria-label={fillLabel(labels.allowKey, { key })}
                            checked={claim.allow}
                            onChange={(e) => update(claim.claimValue, { allow: e.currentTarget.checked })}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

PermissionEditor.displayName = '@ccq/forms-admin/PermissionEditor';
