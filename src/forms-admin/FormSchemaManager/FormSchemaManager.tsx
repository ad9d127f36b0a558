import {
  Alert,
  Badge,
  Button,
  SegmentedControl,
  Stack,
  Text,
  factory,
  useProps,
  type BoxProps,
  type StylesApiProps,
} from '@mantine/core';
import { useState } from 'react';
import type { FormInstance } from '../../api/types';
import { FormRenderer } from '../../forms/FormRenderer';
import { Can } from '../../permissions/Can';
import { fillLabel, type Labels } from '../../query/labels';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { InstancesPart } from '../FormManager/InstancesTable';
import type { LocatedField } from '../FormManager/schema-diff';
import { ColumnsTable } from '../../ui/stacked-columns';
import type { DataTableColumn } from 'mantine-datatable';
import { ScreenPage, ScreenReadPage, SectionCard as Part, screenClasses, useScreenStyles, type ScreenFactory, optionKeys, useScreenController } from '../shared/screen';
import {
  useFormSchemaManager,
  type FormSchemaManagerController,
  type FormSchemaManagerOptions,
} from './useFormSchemaManager';

/** The inner parts of the form schema manager that `classNames` / `styles` reach. */
export type FormSchemaManagerStylesNames = 'root' | 'section' | 'fields' | 'instances' | 'preview';

/** Props of {@link FormSchemaManagerView}. */
export interface FormSchemaManagerViewProps extends BoxProps, StylesApiProps<FormSchemaManagerViewFactory> {
  /** What {@link useFormSchemaManager} returned. */
  controller: FormSchemaManagerController;
  /** 'Back to the form': called with the form's id (a host opens its form manager). */
  onOpenForm?: (formId: string) => void;
  /** 'Open' on an instance: the instance opens in its own version, this one. */
  onOpenInstance?: (instance: FormInstance) => void;
}

/** Mantine's factory type of {@link FormSchemaManagerView}: its props, root element and part names, for the Styles API's typing. */
export type FormSchemaManagerViewFactory = ScreenFactory<FormSchemaManagerViewProps, FormSchemaManagerStylesNames>;

const classes = screenClasses<FormSchemaManagerStylesNames>('FormSchemaManager', ['root', 'section', 'fields', 'instances', 'preview']);

/** A field's widget in words: a built-in kind's palette name (`fbWidget_<kind>`), a host's own kind as its id. */
function widgetLabel(kind: string, labels: Labels): string {
  const key = `fbWidget_${kind}`;
  return key in labels ? labels[key as keyof Labels] : kind;
}

/** The columns of a version's fields: label, data path, widget, and where the field stands (page / section). */
function fieldColumns(labels: Labels): DataTableColumn<LocatedField>[] {
  return [
    { accessor: 'label', title: labels.fsmFieldLabel, render: (f) => f.field.label },
    {
      accessor: 'key',
      title: labels.fsmFieldPath,
      render: (f) => (
        <Text span size="sm" ff="monospace">
          {f.key}
        </Text>
      ),
    },
    {
      accessor: 'widget',
      title: labels.fsmFieldWidget,
      render: (f) => (
        <Badge variant="light" color="gray">
          {widgetLabel(f.field.widget, labels)}
        </Badge>
      ),
    },
    { accessor: 'place', title: labels.fsmFieldPlace, render: (f) => `${f.pageTitle} / ${f.sectionTitle}` },
  ];
}

/** Renders a {@link useFormSchemaManager} controller. It renders only; it never fetches. */
export const FormSchemaManagerView = factory<FormSchemaManagerViewFactory>((_props) => {
  const props = useProps('FormSchemaManager', null, _props);
  const { getStyles, others: viewProps } = useScreenStyles<FormSchemaManagerViewFactory>('FormSchemaManager', classes, props);
  const { controller: c, onOpenForm, onOpenInstance, ...others } = viewProps;
  const [previewMode, setPreviewMode] = useState<'edit' | 'view'>('edit');
  const { labels } = c;
  const schema = c.schema.data;

  if (c.schema.isLoading || c.schema.error || !schema) {
    return (
      <ScreenReadPage
        labels={labels}
        title={labels.fsmFields}
        read={c.schema}
        failed={labels.fsmLoadFailed}
        notFound={<ErrorAlert title={labels.fsmNotFound} />}
        {...getStyles('root')}
        {...others}
      />
    );
  }

  const section = getStyles('section');
  return (
    <ScreenPage
      labels={labels}
      title={fillLabel(labels.fsmTitle, { name: c.form?.name ?? schema.name, version: schema.version })}
      // Whether the form's link opens this version (the form is needed to know: without it, nothing is said).
      subtitle={c.isCurrent ? labels.fmCurrent : c.form ? labels.fsmNotCurrent : undefined}
      actions={
        <>
          {onOpenForm && (
            <Button variant="default" onClick={() => onOpenForm(schema.formId)}>
              {labels.fsmBackToForm}
            </Button>
          )}
          {c.form && !c.isCurrent && (
            <Can claim="EditForm_AllowRead">
              <Button onClick={c.makeCurrent} loading={c.makingCurrent}>
                {labels.fmMakeCurrent}
              </Button>
            </Can>
          )}
        </>
      }
      {...getStyles('root')}
      {...others}
    >
      <Stack gap="lg">
        {c.instances.total > 0 && <Alert>{labels.fsmInUse}</Alert>}
        <Part title={labels.fsmFields} part={{ ...section, ...getStyles('fields') }}>
          {c.fields.length === 0 ? (
            <Text>{labels.fsmNoFields}</Text>
          ) : (
            <ColumnsTable striped records={c.fields} rowKey={(f) => `${f.key}-${f.field.id}`} columns={fieldColumns(labels)} minWidth={560} />
          )}
        </Part>

        <InstancesPart labels={labels} instances={c.instances} schemas={[schema]} onOpenInstance={onOpenInstance} part={{ ...section, ...getStyles('instances') }} />

        <Part title={labels.fsmPreview} part={{ ...section, ...getStyles('preview') }}>
          <Text size="sm">
            {labels.fsmPreviewNote}
          </Text>
          <SegmentedControl
            aria-label={labels.fsmPreview}
            value={previewMode}
            onChange={(value) => setPreviewMode(value === 'view' ? 'view' : 'edit')}
            data={[
              { value: 'edit', label: labels.fsmPreviewEdit },
              { value: 'view', label: labels.fsmPreviewView },
            ]}
          />
          {/* Keyed by mode, so switching starts afresh; nothing typed is sent anywhere (no onSubmit, no submit button). */}
          <FormRenderer key={previewMode} schema={schema} mode={previewMode} hideSubmit idPrefix={`preview-${schema.formSchemaId}`} />
        </Part>
      </Stack>
    </ScreenPage>
  );
});

FormSchemaManagerView.displayName = '@ccq/forms-admin/FormSchemaManagerView';

/** Props of {@link FormSchemaManager}: the options of {@link useFormSchemaManager} and the props of {@link FormSchemaManagerView} but its controller. */
export interface FormSchemaManagerProps extends FormSchemaManagerOptions, Omit<FormSchemaManagerViewProps, 'controller'> {}

/** Mantine's factory type of {@link FormSchemaManager}: its props, root element and part names, for the Styles API's typing. */
export type FormSchemaManagerFactory = ScreenFactory<FormSchemaManagerProps, FormSchemaManagerStylesNames>;

/** The props of {@link FormSchemaManager} its controller hook reads. */
const FORM_SCHEMA_MANAGER_OPTIONS = optionKeys<FormSchemaManagerOptions>()('formSchemaId', 'labels', 'userKey');

/**
 * The form schema manager: one version of a form with its fields, its instances, a preview with the real renderer
 * (nothing typed is saved) and 'Make current' — {@link useFormSchemaManager} rendered by {@link FormSchemaManagerView}.
 * 'Make current' shows with EditForm and the instances with ViewSubmissions; the server refuses anyway.
 */
export const FormSchemaManager = factory<FormSchemaManagerFactory>((props) => {
  const { controller, viewProps } = useScreenController('FormSchemaManager', props, FORM_SCHEMA_MANAGER_OPTIONS, useFormSchemaManager);
  return <FormSchemaManagerView controller={controller} {...viewProps} />;
});

FormSchemaManager.displayName = '@ccq/forms-admin/FormSchemaManager';
