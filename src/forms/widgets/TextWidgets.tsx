import { Textarea, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { WidgetProps } from './types';
import { dateTimeFromInput, dateTimeInputValue, timeFromInput, timeInputValue } from './values';

const INPUT_TYPES = {
  text: 'text',
  email: 'email',
  url: 'url',
  phone: 'tel',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
} as const;

const AUTOCOMPLETE: Partial<Record<keyof typeof INPUT_TYPES, string>> = { email: 'email', phone: 'tel', url: 'url' };

type TextKind = keyof typeof INPUT_TYPES;

/** The text shown by a text-like control for a stored value. */
export function textInputValue(kind: TextKind, value: unknown): string {
  if (kind === 'time') return timeInputValue(value);
  if (kind === 'datetime') return dateTimeInputValue(value);
  return value === undefined || value === null ? '' : String(value);
}

/** The stored value of what a text-like control holds ('' → no answer). */
export function textFromInput(kind: TextKind, text: string, format: string | undefined): unknown {
  if (kind === 'time') return timeFromInput(text, format);
  if (kind === 'datetime') return dateTimeFromInput(text);
  return text === '' ? undefined : text;
}

/** Mantine TextInput for text, email, url, phone, date, time and date-time. */
export function TextWidget({ kind, ...props }: WidgetProps & { kind: TextKind }) {
  const { cf, id, label, description, placeholder, state, disabled, readOnly, onChange, onBlur } = props;
  return (
    <TextInput
      id={id}
      name={id}
      type={INPUT_TYPES[kind]}
      label={label}
      description={description}
      placeholder={placeholder}
      value={textInputValue(kind, state.value)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(textFromInput(kind, event.currentTarget.value, cf.info.format))}
      onBlur={onBlur}
      error={state.error}
      required={state.required}
      disabled={disabled}
      readOnly={readOnly}
      autoComplete={AUTOCOMPLETE[kind]}
    />
  );
}

/** Mantine Textarea for long text. */
export function TextareaWidget(props: WidgetProps) {
  const { id, label, description, placeholder, state, disabled, readOnly, onChange, onBlur } = props;
  return (
    <Textarea
      id={id}
      name={id}
      label={label}
      description={description}
      placeholder={placeholder}
      value={textInputValue('text', state.value)}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(textFromInput('text', event.currentTarget.value, undefined))}
      onBlur={onBlur}
      error={state.error}
      required={state.required}
      disabled={disabled}
      readOnly={readOnly}
      minRows={3}
    />
  );
}
