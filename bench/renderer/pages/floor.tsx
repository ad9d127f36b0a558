/**
 * The floor: a hand-written Mantine form with the same inputs our renderer uses (TextInput, NumberInput, Checkbox,
 * NativeSelect) where every field holds its own state, so a keystroke re-renders that field alone and nothing is
 * shared — the least any Mantine-based renderer can cost.
 */
import '@mantine/core/styles.css';
import { Checkbox, MantineProvider, NativeSelect, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { memo, useState } from 'react';
import type { FormField, JsonObject } from '../../../src/api/types';
import { benchForm, fieldKey } from '../schemas';
import { size, start } from './harness';

const form = benchForm(size);
const groups = form.jsonSchema.properties as JsonObject;

const FloorField = memo(function FloorField({ field, rule, required }: { field: FormField; rule: JsonObject; required: boolean }) {
  const [value, setValue] = useState<string | number | boolean>('');
  const label = field.label ?? fieldKey(field);
  if (field.widget === 'number') {
    return <NumberInput label={label} required={required} min={rule.minimum as number} max={rule.maximum as number} value={value as number | string} onChange={setValue} />;
  }
  if (field.widget === 'checkbox') return <Checkbox label={label} required={required} checked={value === true} onChange={(e) => setValue(e.currentTarget.checked)} />;
  if (field.widget === 'select') {
    const data = [{ value: '', label: 'Select…' }, ...(field.options ?? []).map((o) => ({ value: String(o.value), label: o.label }))];
    return <NativeSelect label={label} required={required} data={data} value={String(value)} onChange={(e) => setValue(e.currentTarget.value)} />;
  }
  return <TextInput label={label} required={required} maxLength={rule.maxLength as number} value={String(value)} onChange={(e) => setValue(e.currentTarget.value)} />;
});

function Floor() {
  return (
    <form noValidate>
      {form.layout.pages[0]?.sections.map((section) => {
        const group = groups[section.id] as JsonObject;
        const properties = group.properties as JsonObject;
        const required = (group.required as string[] | undefined) ?? [];
        return (
          <Stack component="section" key={section.id} gap="sm" mb="lg">
            <Title order={3}>{section.title}</Title>
            {section.fields.map((field) => (
              <FloorField key={field.id} field={field} rule={properties[fieldKey(field)] as JsonObject} required={required.includes(fieldKey(field))} />
            ))}
          </Stack>
        );
      })}
    </form>
  );
}

start(() => (
  <MantineProvider>
    <Floor />
  </MantineProvider>
));
