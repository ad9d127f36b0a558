import {
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  factory,
  useMantineTheme,
  useProps,
  type BoxProps,
  type StylesApiProps,
} from '@mantine/core';
import { formatList, formatMoment } from '../../labels/format';
import { QRCodeSVG } from 'qrcode.react';
import type { FormInstance, FormSchema } from '../../api/types';
import { Can } from '../../permissions/Can';
import { fillLabel, type Labels } from '../../query/labels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingState } from '../../ui/LoadingState';
import { DeleteConfirmDialog, RowDeleteActions } from '../shared/DeleteActions';
import { useLocale } from '../../query/useLocale';
import { backButton, ScreenPage, ScreenReadPage, SectionCard as Part, screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';
import { InstancesPart } from './InstancesTable';
import { ColumnsTable } from '../../ui/stacked-columns';
import type { DataTableColumn } from 'mantine-datatable';
import { PrefillDialog } from './PrefillDialog';
import type { LocatedField, SchemaFieldsDiff } from './schema-diff';
import { useFormManager, type FormManagerController, type FormManagerOptions } from './useFormManager';
import { READABLE_NAME_INPUT } from '../shared/useNameCheck';

/** The inner parts of the form manager that `classNames` / `styles` reach. */
export type FormManagerStylesNames = 'root' | 'section' | 'details' | 'publicLink' | 'qrCode' | 'versions' | 'diff' | 'instances';

/** Props of {@link FormManagerView}. */
export interface FormManagerViewProps extends BoxProps, StylesApiProps<FormManagerViewFactory> {
  /** What {@link useFormManager} returned. */
  controller: FormManagerController;
  /** 'Open in builder': called with the form's id (shown with EditForm). */
  onOpenInBuilder?: (formId: string) => void;
  /**
   * 'Link fields to data': called with the current version's id (a host opens `FormDataLinking`); shown with
   * EditFormSchema when the form has a current version.
   */
  onOpenLinking?: (formSchemaId: string) => void;
  /** 'Open' on a version: called with the version's id (a host opens its form schema manager). */
  onOpenSchema?: (formSchemaId: string) => void;
  /** 'Open' on an instance: the instance opens in its own version. Also called with an instance 'New pre-filled instance' created. */
  onOpenInstance?: (instance: FormInstance) => void;
  /**
   * 'Back to Forms': the host shows its list of forms. Shown on the form's page and on its loading, failed and not-found
   * pages; without it the page offers no way back of its own.
   */
  onBack?: () => void;
}

/** Mantine's factory type of {@link FormManagerView}: its props, root element and part names, for the Styles API's typing. */
export type FormManagerViewFactory = ScreenFactory<FormManagerViewProps, FormManagerStylesNames>;

const classes = screenClasses<FormManagerStylesNames>('FormManager', ['root', 'section', 'details', 'publicLink', 'qrCode', 'versions', 'diff', 'instances']);

/** A field of one side of a version comparison: its label and widget, or '—' where that version lacks it. */
function fieldText(field: LocatedField | undefined) {
  if (!field) return '—';
  return (
    <>
      <Text size="sm">{field.field.label}</Text>
      <Text size="xs">{field.field.widget}</Text>
    </>
  );
}

/** The side-by-side field differences of two versions; stacked in a narrow frame, as the versions are. */
function DiffTable({ diff, labels, fromVersion, toVersion }: { diff: SchemaFieldsDiff; labels: Labels; fromVersion: number; toVersion: number }) {
  const locale = useLocale();
  const rows = [
    ...diff.removed.map((f) => ({ id: `removed ${f.key}`, key: f.key, kind: labels.fmDiffRemoved, color: 'red.9', before: f, after: undefined, note: '' })),
    ...diff.added.map((f) => ({ id: `added ${f.key}`, key: f.key, kind: labels.fmDiffAdded, color: 'teal.9', before: undefined, after: f, note: '' })),
    ...diff.changed.map((c) => ({
      id: `changed ${c.key}`,
      key: c.key,
      kind: labels.fmDiffChanged,
      color: 'grape.9',
      before: c.before,
      after: c.after,
      note: fillLabel(labels.fmDiffChangedProperties, { properties: formatList(c.properties, locale) }),
    })),
  ];
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    {
      accessor: 'key',
      title: labels.fsmFieldPath,
      render: (row) => (
        <>
          <Badge color={row.color} variant="filled" mr="xs">
            {row.kind}
          </Badge>
          <Text span size="sm" ff="monospace">
            {row.key}
          </Text>
          {row.note && <Text size="xs">{row.note}</Text>}
        </>
      ),
    },
    { accessor: 'before', title: fillLabel(labels.fmVersion, { version: fromVersion }), render: (row) => fieldText(row.before) },
    { accessor: 'after', title: fillLabel(labels.fmVersion, { version: toVersion }), render: (row) => fieldText(row.after) },
  ];
  if (rows.length === 0) return <Text>{labels.fmDiffNone}</Text>;
  return <ColumnsTable records={rows} rowKey={(row) => row.id} columns={columns} minWidth={560} />;
}

/** Props of {@link VersionsTable}. */
interface VersionsTableProps {
  c: FormManagerController;
  currentFormSchemaId: string | null | undefined;
  /** The colour of the 'Current' badge. */
  currentBadgeColor: string;
  onOpenSchema?: (formSchemaId: string) => void;
}

/** A form's versions: number (the current one marked), name, public, last change, 'Open version' and 'Make current'. */
function VersionsTable({ c, currentFormSchemaId, currentBadgeColor, onOpenSchema }: VersionsTableProps) {
  const { labels } = c;
  const locale = useLocale();
  const versionName = (schema: FormSchema) => fillLabel(labels.fmVersion, { version: schema.version });
  const columns: DataTableColumn<(typeof c.schemas)[number]>[] = [
    {
      accessor: 'version',
      title: labels.fmInstanceVersion,
      render: (schema) => (
        <>
          {schema.version}{' '}
          {schema.formSchemaId === currentFormSchemaId && (
            // min-width max-content: the badge's label hides its overflow, and a narrow column cut it to 'CURRE…'.
            <Badge variant="filled" color={currentBadgeColor} ml="xs" miw="max-content">
              {labels.fmCurrent}
            </Badge>
          )}
        </>
      ),
    },
    { accessor: 'name', title: labels.fmName },
    { accessor: 'isPublic', title: labels.fmPublic, render: (schema) => (schema.isPublic ? labels.fmYes : labels.fmNo) },
    { accessor: 'lastUpdatedDateTime', title: labels.fmInstanceLastChange, render: (schema) => formatMoment(schema.lastUpdatedDateTime, locale) },
    {
      accessor: 'actions',
      title: labels.fmActions,
      render: (schema) => (
        <Group gap="xs" wrap="nowrap">
          {onOpenSchema && (
            <Button
              size="compact-sm"
              variant="light"
              aria-label={fillLabel(labels.labelForColon, { label: labels.fmOpenVersion, name: versionName(schema) })}
              onClick={() => onOpenSchema(schema.formSchemaId)}
            >
              {labels.fmOpenVersion}
            </Button>
          )}
          {schema.formSchemaId !== currentFormSchemaId && (
            <Can claim="EditForm_AllowRead">
              <Button
                size="compact-sm"
                variant="default"
                aria-label={fillLabel(labels.labelForColon, { label: labels.fmMakeCurrent, name: versionName(schema) })}
                loading={c.makingCurrentId === schema.formSchemaId}
                disabled={c.makingCurrentId !== null}
                onClick={() => c.makeCurrent(schema)}
              >
                {labels.fmMakeCurrent}
              </Button>
            </Can>
          )}
        </Group>
      ),
    },
  ];
  return <ColumnsTable striped records={c.schemas} rowKey={(schema) => schema.formSchemaId} columns={columns} minWidth={520} />;
}

/** Renders a {@link useFormManager} controller. It renders only; it never fetches. */
export const FormManagerView = factory<FormManagerViewFactory>((_props) => {
  const props = useProps('FormManager', null, _props);
  const { getStyles, others: viewProps } = useScreenStyles<FormManagerViewFactory>('FormManager', classes, props);
  const { controller: c, onOpenInBuilder, onOpenLinking, onOpenSchema, onOpenInstance, onBack, ...others } = viewProps;
  const { labels } = c;
  const form = c.form.data;
  // The theme's primary colour in its darkest shade: white text on it stays readable whatever the host's colour.
  const currentBadgeColor = `${useMantineTheme().primaryColor}.9`;

  const back = backButton(onBack, labels.fmBack);

  if (c.form.isLoading || c.form.error || !form) {
    return (
      <ScreenReadPage
        labels={labels}
        title={labels.fmDetails}
        actions={back}
        read={c.form}
        failed={labels.fmLoadFailed}
        notFound={<ErrorAlert title={labels.fmNotFound} />}
        {...getStyles('root')}
        {...others}
      />
    );
  }

  const section = getStyles('section');
  const versionOptions = c.schemas.map((s) => ({ value: s.formSchemaId, label: fillLabel(labels.fmVersion, { version: s.version }) }));
  const from = c.schemas.find((s) => s.formSchemaId === c.compare.fromId);
  const to = c.schemas.find((s) => s.formSchemaId === c.compare.toId);
  const groupName = c.groups.find((g) => g.formGroupId === form.formGroupId)?.name ?? labels.fmNoGroup;

  return (
    <ScreenPage
      labels={labels}
      title={fillLabel(labels.fmTitle, { name: form.name })}
      subtitle={form.description ?? undefined}
      actions={
        <Group gap="xs">
          {back}
          {onOpenInBuilder && (
            <Can claim="EditForm_AllowRead">
              <Button onClick={() => onOpenInBuilder(form.formId)}>{labels.fmOpenInBuilder}</Button>
            </Can>
          )}
          {onOpenLinking && form.currentFormSchemaId && (
            <Can claim="EditFormSchema_AllowRead">
              <Button variant="default" onClick={() => onOpenLinking(form.currentFormSchemaId as string)}>
                {labels.piOpenLinking}
              </Button>
            </Can>
          )}
          {c.currentSchema && (
            <Can claim="DynamicFormLinking_Create">
              <Button variant="default" onClick={c.prefill.open}>
                {labels.fmPrefillNew}
              </Button>
            </Can>
          )}
          <RowDeleteActions
            controller={c.deletes}
            target={{ id: form.formId, name: form.name, etag: form['@odata.etag'] ?? null }}
            deleted={false}
            labels={labels}
          />
        </Group>
      }
      {...getStyles('root')}
      {...others}
    >
      <Stack gap="lg">
        <Part title={labels.fmDetails} part={{ ...section, ...getStyles('details') }}>
          <Can
            claim="EditForm_AllowRead"
            fallback={
              <Stack gap={4}>
                <Text>{fillLabel(labels.labelForColon, { label: labels.fmName, name: form.name })}</Text>
                <Text>{fillLabel(labels.labelForColon, { label: labels.fmDescription, name: form.description ?? '—' })}</Text>
                <Text>{fillLabel(labels.labelForColon, { label: labels.fmGroup, name: groupName })}</Text>
              </Stack>
            }
          >
            <form
              onSubmit={(event) => {
                event.preventDefault();
                c.saveDraft();
              }}
            >
              <Stack gap="sm">
                <TextInput
                  label={labels.fmName}
                  required
                  value={c.draft.name}
                  onChange={(e) => c.setDraft({ name: e.currentTarget.value })}
                  error={c.nameError}
                  styles={READABLE_NAME_INPUT}
                />
                <Textarea
                  label={labels.fmDescription}
                  autosize
                  minRows={2}
                  value={c.draft.description}
                  onChange={(e) => c.setDraft({ description: e.currentTarget.value })}
                />
                <Select
                  label={labels.fmGroup}
                  placeholder={labels.fmNoGroup}
                  clearable
                  data={c.groups.map((g) => ({ value: g.formGroupId, label: g.name }))}
                  value={c.draft.formGroupId}
                  onChange={(value) => c.setDraft({ formGroupId: value })}
                />
                <Group>
                  <Button type="submit" disabled={!c.canSaveDraft} loading={c.savingDraft}>
                    {labels.fmSave}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Can>
        </Part>

        <Part title={labels.fmPublicLink} part={{ ...section, ...getStyles('publicLink') }}>
          {c.publicUrl === null ? (
            <Text>{labels.fmNoCurrentVersion}</Text>
          ) : (
            <Group align="flex-start" gap="lg" wrap="wrap">
              <Stack gap="sm" style={{ flex: '1 1 20rem' }}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor href={c.publicUrl} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
                    {c.publicUrl}
                  </Anchor>
                  <CopyButton value={c.publicUrl}>
                    {({ copied, copy }) => (
                      // Never narrower than its words: beside a long link on a phone it was cut to 'Cop'.
                      <Button size="compact-sm" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
                        {copied ? labels.fmCopied : labels.fmCopyLink}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                {c.currentSchema && (
                  <Can
                    claim="EditFormSchema_AllowRead"
                    fallback={
                      <Text>{fillLabel(labels.labelForColon, { label: labels.fmPublic, name: c.currentSchema.isPublic ? labels.fmYes : labels.fmNo })}</Text>
                    }
                  >
                    <Switch
                      label={labels.fmPublic}
                      checked={c.currentSchema.isPublic}
                      disabled={c.settingPublic}
                      onChange={(e) => c.setPublic(e.currentTarget.checked)}
                    />
                  </Can>
                )}
                <Text size="sm">
                  {labels.fmPublicExplained}
                </Text>
                <Text size="sm">{labels.fmStableExplained}</Text>
                {c.currentSchema && !c.currentSchema.isPublic && <Text size="sm">{labels.fmStableNotPublic}</Text>}
                {c.versionUrl && c.currentSchema && (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {fillLabel(labels.fmVersionLinkTitle, { version: c.currentSchema.version })}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor href={c.versionUrl} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                        {c.versionUrl}
                      </Anchor>
                      <CopyButton value={c.versionUrl}>
                        {({ copied, copy }) => (
                          <Button size="compact-sm" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                            {copied ? labels.fmCopied : labels.fmCopyVersionLink}
                          </Button>
                        )}
                      </CopyButton>
                    </Group>
                    <Text size="sm">{labels.fmVersionLinkExplained}</Text>
                  </Stack>
                )}
              </Stack>
              <QRCodeSVG value={c.publicUrl} size={144} marginSize={2} title={labels.fmQrCode} role="img" aria-label={labels.fmQrCode} {...getStyles('qrCode')} />
            </Group>
          )}
        </Part>

        <Part title={labels.fmVersions} part={{ ...section, ...getStyles('versions') }}>
          {c.schemasLoading ? (
            <LoadingState />
          ) : c.schemas.length === 0 ? (
            <Text>{labels.fmNoVersions}</Text>
          ) : (
            <VersionsTable c={c} currentFormSchemaId={form.currentFormSchemaId} currentBadgeColor={currentBadgeColor} onOpenSchema={onOpenSchema} />
          )}
        </Part>

        {c.schemas.length > 1 && (
          <Part title={labels.fmCompare} part={{ ...section, ...getStyles('diff') }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={labels.fmCompareFrom}
                data={versionOptions}
                value={c.compare.fromId}
                allowDeselect={false}
                onChange={(value) => c.setCompare({ fromId: value })}
              />
              <Select
                label={labels.fmCompareTo}
                data={versionOptions}
                value={c.compare.toId}
                allowDeselect={false}
                onChange={(value) => c.setCompare({ toId: value })}
              />
            </SimpleGrid>
            {c.compare.diff && from && to && (
              <DiffTable diff={c.compare.diff} labels={labels} fromVersion={from.version} toVersion={to.version} />
            )}
          </Part>
        )}

        <InstancesPart
          labels={labels}
          instances={c.instances}
          schemas={c.schemas}
          onOpenInstance={onOpenInstance}
          part={{ ...section, ...getStyles('instances') }}
        />
      </Stack>
      <DeleteConfirmDialog controller={c.deletes} labels={labels} />
      <PrefillDialog controller={c.prefill} labels={labels} onCreated={onOpenInstance} />
    </ScreenPage>
  );
});

FormManagerView.displayName = '@ccq/forms-admin/FormManagerView';

/** Props of {@link FormManager}: the options of {@link useFormManager} and the props of {@link FormManagerView} but its controller. */
export interface FormManagerProps extends FormManagerOptions, Omit<FormManagerViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormManager}: its props, root element and part names, for the Styles API's typing. */
export type FormManagerFactory = ScreenFactory<FormManagerProps, FormManagerStylesNames>;

/** The props of {@link FormManager} its controller hook reads. */
const FORM_MANAGER_OPTIONS = optionKeys<FormManagerOptions>()('formId', 'publicOrigin', 'labels', 'onDeleted', 'prefillRecords', 'userKey');

/**
 * The form manager: one form's details (rename, describe, move to a group), its public link with a QR code and
 * whether it is public, its versions (compare any two side by side, make one current), its newest instances and
 * 'New pre-filled instance' (an instance of the current version filled from an application record) —
 * {@link useFormManager} rendered by {@link FormManagerView}. Buttons show only with their claims (EditForm,
 * EditFormSchema, ViewSubmissions); the server refuses anyway. Works on its own inside an `APIProvider`.
 */
export const FormManager = factory<FormManagerFactory>((props) => {
  const { controller, viewProps } = useScreenController('FormManager', props, FORM_MANAGER_OPTIONS, useFormManager);
  return <FormManagerView controller={controller} {...viewProps} />;
});

FormManager.displayName = '@ccq/forms-admin/FormManager';
