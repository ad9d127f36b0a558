import {
  Box,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
  factory,
  useProps,
  type BoxProps,
  type StylesApiProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { Form } from '../../api/types';
import { Can } from '../../permissions/Can';
import { fillLabel } from '../../query/labels';
import { LoadingState } from '../../ui/LoadingState';
import { ReadState, ScreenPage, SectionCard, screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';
import {
  DASHBOARD_DAYS,
  DASHBOARD_TILE_CLAIMS,
  useAdminDashboard,
  type AdminDashboardController,
  type AdminDashboardOptions,
  type DashboardInstance,
  type DashboardTileState,
} from './useAdminDashboard';
import { useLocale } from '../../query/useLocale';
import { InstanceStatusBadge } from '../shared/InstanceStatusBadge';
import { instanceName } from '../FormInstanceList/useFormInstanceList';
import { fillCount, formatList, formatMoment, formatNumber } from '../../labels/format';
import { BarChart } from '../shared/BarChart';

/** The inner parts of the dashboard that `classNames` / `styles` reach. */
export type AdminDashboardStylesNames = 'root' | 'tile' | 'chart';

/** Props of {@link AdminDashboardView}. */
export interface AdminDashboardViewProps extends BoxProps, StylesApiProps<AdminDashboardViewFactory> {
  /** What {@link useAdminDashboard} returned. */
  controller: AdminDashboardController;
  /** 'New form' (shown with CreateForm): a host opens its form builder. */
  onNewForm?: () => void;
  /** 'Import a PDF form' (shown with CreateForm and FormGenerator UploadPdf): a host opens its PDF import. */
  onImportPdf?: () => void;
  /** 'Preview a form' (shown with the FormPreview menu claim): a host opens its form preview. */
  onPreviewForm?: () => void;
  /** A form of 'Forms changed recently' chosen: a host opens its form manager. */
  onOpenForm?: (formId: string) => void;
  /** A submission of 'Latest submissions' chosen. */
  onOpenInstance?: (instance: DashboardInstance) => void;
  /** 'Needs attention': the submitted form instances to review chosen (a host opens its list of them). */
  onOpenToReview?: () => void;
  /** 'Needs attention': the envelopes waiting for signatures chosen (a host opens its Signing screen). */
  onOpenWaiting?: () => void;
  /**
   * 'Needs attention': the envelopes with e-mail that could not be sent chosen (a host opens its Signing screen, where
   * each shows its failed e-mail and 'Send again').
   */
  onOpenMailFailed?: () => void;
  /**
   * 'Needs attention': the form instances whose signature was declined chosen (a host opens its Form Instances list
   * filtered to them, where each can be sent for signature again).
   */
  onOpenDeclined?: () => void;
}

/** Mantine's factory type of {@link AdminDashboardView}: its props, root element and part names, for the Styles API's typing. */
export type AdminDashboardViewFactory = ScreenFactory<AdminDashboardViewProps, AdminDashboardStylesNames>;

const classes = screenClasses<AdminDashboardStylesNames>('AdminDashboard', ['root', 'tile', 'chart']);

/** A titled tile (a labelled region). */
function Tile({ title, children, part }: { title: string; children: ReactNode; part: object }) {
  return (
    <SectionCard title={title} part={part} titleSize="h4">
      {children}
    </SectionCard>
  );
}

/** The loader or the error of a tile's read, or its content. */
function TileBody<T>({ state, failed, children }: { state: DashboardTileState<T>; failed: string; children: () => ReactNode }) {
  return (
    <ReadState read={state} failed={failed}>
      {children}
    </ReadState>
  );
}

/**
 * A row of a list tile: a button when the host handles the choice, else text; its text is its accessible name. A row
 * that opens something underlines its name, as a link is.
 */
function Row({ onClick, children }: { onClick?: () => void; children: ReactNode }) {
  if (!onClick) return <Box py={4}>{children}</Box>;
  return (
    <UnstyledButton onClick={onClick} py={4} w="100%" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      {children}
    </UnstyledButton>
  );
}

/** Renders an {@link useAdminDashboard} controller. It renders only; it never fetches. */
export const AdminDashboardView = factory<AdminDashboardViewFactory>((_props) => {
  const props = useProps('AdminDashboard', null, _props);
  const locale = useLocale();
  const { getStyles, others: viewProps } = useScreenStyles<AdminDashboardViewFactory>('AdminDashboard', classes, props);
  const { controller: c, onNewForm, onImportPdf, onPreviewForm, onOpenForm, onOpenInstance, onOpenToReview, onOpenWaiting, onOpenMailFailed, onOpenDeclined, ...others } = viewProps;
  const { labels } = c;
  const tile = getStyles('tile');
  const days = { days: DASHBOARD_DAYS };
  const showNewForm = !!onNewForm && c.actions.newForm;
  const showPreview = !!onPreviewForm && c.actions.previewForm;
  const showImportPdf = !!onImportPdf && c.actions.importPdf;
  const showActions = showNewForm || showPreview || showImportPdf;
  const nothing = !c.claimsLoading && !c.submissions.visible && !c.recentForms.visible && !c.attention.visible && !showActions;

  const chart = (
    <TileBody state={c.submissions} failed={labels.dashSubmissionsFailed}>
      {() => {
        const counts = c.submissions.data;
        const total = counts.reduce((sum, s) => sum + s.count, 0);
        if (total === 0) return <Text>{fillLabel(labels.dashSubmissionsNone, days)}</Text>;
        const summary = formatList(
          counts.map((s) => fillLabel(labels.labelForColon, { label: s.label, name: formatNumber(s.count, locale) })),
          locale,
        );
        return (
          <Stack gap="sm">
            {/* The chart is a picture of the table under it: one accessible name sums it up, the table reads it out. */}
            <Box role="img" aria-label={`${fillLabel(labels.dashSubmissionsByStatus, days)}. ${summary}`} {...getStyles('chart')}>
              <BarChart bars={counts.map((s) => ({ key: String(s.status), label: s.label, count: s.count }))} locale={locale} />
            </Box>
            <Table>
              <Table.Caption c="var(--mantine-color-text)">{fillLabel(labels.dashSubmissionsByStatus, days)}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{labels.dashStatus}</Table.Th>
                  <Table.Th ta="right">{labels.dashCount}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {counts.map((s) => (
                  <Table.Tr key={s.status}>
                    <Table.Td>{s.label}</Table.Td>
                    <Table.Td ta="right">{formatNumber(s.count, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        );
      }}
    </TileBody>
  );

  const latest = (
    <TileBody state={c.latestSubmissions} failed={labels.dashLatestFailed}>
      {() =>
        c.latestSubmissions.data.length === 0 ? (
          <Text>{labels.dashLatestNone}</Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {c.latestSubmissions.data.map((instance) => {
              // Named as everywhere else, the form's name and the instance's short id: two of one form tell apart.
              const name = instanceName({ ...instance, form: { name: instance.form?.name ?? labels.dashUnknownForm } });
              return (
                <li key={instance.formInstanceId}>
                  <Row onClick={onOpenInstance && (() => onOpenInstance(instance))}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" fw={500} td={onOpenInstance ? 'underline' : undefined}>
                        {name}
                      </Text>
                      <InstanceStatusBadge status={instance.status} labels={labels} screen="dash" />
                    </Group>
                    <Text size="xs">
                      {fillLabel(labels.dashSubmittedAt, { date: formatMoment(instance.lastUpdatedDateTime, locale) })}
                    </Text>
                  </Row>
                </li>
              );
            })}
          </Stack>
        )
      }
    </TileBody>
  );

  const attention = (
    <TileBody state={c.attention} failed={labels.dashAttentionFailed}>
      {() => {
        const { toReview, waiting, mailFailed, declined } = c.attention.data;
        const rows: { key: string; text: string; onClick?: () => void }[] = [];
        if (toReview) rows.push({ key: 'review', text: fillCount(labels.dashAttentionToReview, labels.dashAttentionToReviewOne, toReview, locale), onClick: onOpenToReview });
        if (waiting) rows.push({ key: 'waiting', text: fillCount(labels.dashAttentionWaiting, labels.dashAttentionWaitingOne, waiting, locale), onClick: onOpenWaiting });
        if (mailFailed) rows.push({ key: 'mail', text: fillCount(labels.dashAttentionMailFailed, labels.dashAttentionMailFailedOne, mailFailed, locale), onClick: onOpenMailFailed });
        if (declined) rows.push({ key: 'declined', text: fillCount(labels.dashAttentionDeclined, labels.dashAttentionDeclinedOne, declined, locale), onClick: onOpenDeclined });
        if (rows.length === 0) {
          return <Text>{toReview === null ? labels.dashAttentionNoneWaiting : waiting === null ? labels.dashAttentionNoneReview : labels.dashAttentionNone}</Text>;
        }
        return (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <li key={row.key}>
                <Row onClick={row.onClick}>
                  <Text size="sm" fw={500} td={row.onClick ? 'underline' : undefined}>
                    {row.text}
                  </Text>
                </Row>
              </li>
            ))}
          </Stack>
        );
      }}
    </TileBody>
  );

  const recent = (
    <TileBody state={c.recentForms} failed={labels.dashRecentFormsFailed}>
      {() =>
        c.recentForms.data.length === 0 ? (
          <Text>{labels.dashRecentFormsNone}</Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {c.recentForms.data.map((form: Form) => (
              <li key={form.formId}>
                <Row onClick={onOpenForm && (() => onOpenForm(form.formId))}>
                  <Text size="sm" fw={500} td={onOpenForm ? 'underline' : undefined}>
                    {form.name}
                  </Text>
                  <Text size="xs">
                    {fillLabel(labels.dashChangedAt, { date: formatMoment(form.lastUpdatedDateTime, locale) })}
                  </Text>
                </Row>
              </li>
            ))}
          </Stack>
        )
      }
    </TileBody>
  );

  return (
    <ScreenPage labels={labels} title={labels.dashTitle} subtitle={labels.dashSubtitle} {...getStyles('root')} {...others}>
      {c.claimsLoading ? (
        <LoadingState />
      ) : nothing ? (
        <Text>{labels.dashNothing}</Text>
      ) : (
        <Stack gap="md">
          {/* The first row: the quick actions and what needs attention, each as tall as its content (in the grid below,
              beside the chart, the quick actions' card stood as tall as the chart, mostly empty). */}
          {(showActions || c.attention.visible) && (
            <SimpleGrid cols={{ base: 1, md: showActions && c.attention.visible ? 2 : 1 }} spacing="md">
              {showActions && (
                <Tile title={labels.dashQuickActions} part={tile}>
                  <Group gap="sm">
                    {showNewForm && (
                      <Can claim={DASHBOARD_TILE_CLAIMS.newForm}>
                        <Button onClick={onNewForm}>{labels.dashNewForm}</Button>
                      </Can>
                    )}
                    {showImportPdf && (
                      <Button variant="default" onClick={onImportPdf}>
                        {labels.piTitle}
                      </Button>
                    )}
                    {showPreview && (
                      <Can claim={DASHBOARD_TILE_CLAIMS.previewForm}>
                        <Button variant="default" onClick={onPreviewForm}>
                          {labels.dashPreviewForm}
                        </Button>
                      </Can>
                    )}
                  </Group>
                </Tile>
              )}
              {c.attention.visible && (
                <Tile title={labels.dashAttention} part={tile}>
                  {attention}
                </Tile>
              )}
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Can claim={DASHBOARD_TILE_CLAIMS.submissionsChart}>
              <Tile title={fillLabel(labels.dashSubmissions, days)} part={tile}>
                {chart}
              </Tile>
            </Can>
            {/* The two lists one above the other beside the chart, each as tall as its rows. */}
            <Stack gap="md">
              <Can claim={DASHBOARD_TILE_CLAIMS.latestSubmissions}>
                <Tile title={labels.dashLatest} part={tile}>
                  {latest}
                </Tile>
              </Can>
              <Can claim={DASHBOARD_TILE_CLAIMS.recentForms}>
                <Tile title={labels.dashRecentForms} part={tile}>
                  {recent}
                </Tile>
              </Can>
            </Stack>
          </SimpleGrid>
        </Stack>
      )}
    </ScreenPage>
  );
});

AdminDashboardView.displayName = '@ccq/forms-admin/AdminDashboardView';

/** Props of {@link AdminDashboard}: the options of {@link useAdminDashboard} and the props of {@link AdminDashboardView} but its controller. */
export interface AdminDashboardProps extends AdminDashboardOptions, Omit<AdminDashboardViewProps, 'controller'> {}

/** Mantine's factory type of {@link AdminDashboard}: its props, root element and part names, for the Styles API's typing. */
export type AdminDashboardFactory = ScreenFactory<AdminDashboardProps, AdminDashboardStylesNames>;

/** The props of {@link AdminDashboard} its controller hook reads. */
const ADMIN_DASHBOARD_OPTIONS = optionKeys<AdminDashboardOptions>()('now', 'labels');

/**
 * The admin home: what needs attention and where to start — the submitted form instances waiting to be reviewed,
 * the envelopes waiting for signatures or with e-mail that could not be sent, the form instances whose signature was
 * declined, form instances started in the last 30 days by status (a chart and its
 * table), the latest submissions, the forms changed recently and quick actions. Each tile shows
 * only with its claim (`DASHBOARD_TILE_CLAIMS`) and reads nothing without it — {@link useAdminDashboard} rendered
 * by {@link AdminDashboardView}. The chart needs no charts library (nor its stylesheet). Works on its own inside an
 * `APIProvider`.
 */
export const AdminDashboard = factory<AdminDashboardFactory>((props) => {
  const { controller, viewProps } = useScreenController('AdminDashboard', props, ADMIN_DASHBOARD_OPTIONS, useAdminDashboard);
  return <AdminDashboardView controller={controller} {...viewProps} />;
});

AdminDashboard.displayName = '@ccq/forms-admin/AdminDashboard';
