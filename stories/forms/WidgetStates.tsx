import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FieldWidget, FormSchema, JsonObject } from '../../src/api/types';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { matrixWidgetField, widgetFields } from './fixtures';

/** A one-field form of `widget` (required, so an empty answer shows an error). */
function singleFieldSchema(widget: FieldWidget): { schema: FormSchema; sample: unknown; bad: unknown; path: string } {
  const entry = [...widgetFields, matrixWidgetField].find((w) => w.widget === widget);
  if (!entry) throw new Error(`No sample field for the widget '${widget}'.`);
  const name = entry.field.path.slice(1);
  const schema: FormSchema = {
    formSchemaId: `widget-${widget}`,
    formId: `widget-${widget}`,
    name: entry.field.label,
    version: 1,
    jsonSchema: { type: 'object', properties: widget === 'static' ? {} : { [name]: entry.schema }, required: widget === 'static' ? [] : [name] },
    layout: { pages: [{ id: 'p', title: entry.field.label, sections: [{ id: 's', title: '', fields: [{ ...entry.field, helpText: entry.field.helpText ?? 'Help text for this field.' }] }] }] },
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
  };
  return { schema, sample: entry.sample, bad: entry.bad, path: entry.field.path };
}

function State({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Text fw={700} size="sm" tt="uppercase">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** One widget in its four states, side by side: edit, error, disabled and view. */
export function WidgetStates({ widget }: { widget: FieldWidget }) {
  const [setup] = useState(() => {
    const { schema, sample, bad, path } = singleFieldSchema(widget);
    const withSample: JsonObject = sample === undefined ? {} : { [path.slice(1)]: sample as JsonObject[string] };
    const error = createFormEngine(schema, { data: bad === undefined ? {} : { [path.slice(1)]: bad as JsonObject[string] } });
    if (widget !== 'static') error.touch(path);
    return { schema, withSample, error };
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl">
      <State title="Edit">
        <FormRenderer schema={setup.schema} hideSubmit aria-label={`${setup.schema.name} (edit)`} />
      </State>
      <State title="Error">
        <FormRenderer schema={setup.schema} engine={setup.error} hideSubmit aria-label={`${setup.schema.name} (error)`} />
      </State>
      <State title="Disabled">
        <FormRenderer
          schema={setup.schema}
          initialData={setup.withSample}
          disabled
          hideSubmit
          aria-label={`${setup.schema.name} (disabled)`}
        />
      </State>
      <State title="View">
        <FormRenderer schema={setup.schema} initialData={setup.withSample} mode="view" aria-label={`${setup.schema.name} (view)`} />
      </State>
    </SimpleGrid>
  );
}
