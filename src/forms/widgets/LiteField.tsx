/**
 * The light stand-in of a widget while a long form mounts progressively: native controls with Mantine's classes and
 * variables (so it looks like the widget it becomes), labelled, described and fully working — typing goes to the
 * engine as with the full widget. It is swapped for the Mantine widget in a later task, never while focused.
 */
import { Input } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { CONTROL_BORDER_VARIABLES } from '../../ui/theme';
import { textFromInput, textInputValue } from './TextWidgets';
import type { WidgetProps } from './types';
import { choiceOptions, isDrawnSignature, numberFromText, numberInputRef, numberText, optionValueOf, rawOf } from './values';

const c = Input.classes as Record<string, string>;

/**
 * The variables Mantine sets on each input (size `sm`), set once on the element that holds light fields (they
 * inherit), so no light field carries a style of its own. Light fields are no Mantine components, so the theme's
 * border of 3:1 reaches them here.
 */
export const LITE_VARIABLES = {
  ...CONTROL_BORDER_VARIABLES,
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
  '--input-label-size': 'var(--mantine-font-size-sm)',
  '--input-description-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
  '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
} as React.CSSProperties;
const LEGEND_STYLE = { padding: 0, marginBottom: 4 };
const TEXTAREA_STYLE = { '--input-padding-y': 'var(--input-padding-y-sm)' } as React.CSSProperties;

const ROOT_CLASS = `${c.root} ${c.wrapper}`;
// The gaps Mantine puts around an input that has a description above or an error below.
const GAP = 'calc(var(--mantine-spacing-xs) / 2)';

const TYPES: Record<string, string> = { email: 'email', url: 'url', phone: 'tel', date: 'date', time: 'time', datetime: 'datetime-local' };

function required(on: boolean) {
  return on ? (
    <span className={c.required} aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

function Messages({ id, description, error }: { id: string; description: string | undefined; error: string | null }) {
  return (
    <>
      {description ? (
        <p className={c.description} id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      {error ? (
        <p className={c.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * A light, working stand-in of the widget; `onFocusChange` keeps it in place while the user is in it. Called as a
 * function from the field (it has no hooks), not mounted as a component of its own.
 */
export function renderLiteField(props: WidgetProps & { onFocusChange: (focused: boolean) => void }) {
  const { cf, id, label, description, placeholder, state, disabled, readOnly, onChange, onBlur, onFocusChange, labels } = props;
  const widget = cf.field.widget;
  const error = state.error;
  const describedBy = [error ? `${id}-error` : '', description ? `${id}-description` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: id,
    disabled,
    'data-error': error ? true : undefined,
    style: description || error ? { marginTop: description ? GAP : undefined, marginBottom: error ? GAP : undefined } : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onFocus: () => onFocusChange(true),
    onBlur: () => {
      onFocusChange(false);
      onBlur();
    },
  } as const;

  // One element is both Mantine's wrapper root and input wrapper (its classes and variables), to keep light fields light.
  const boxed = (control: ReactNode, style?: React.CSSProperties) => (
    <div className={ROOT_CLASS} data-variant="default" data-error={error ? true : undefined} data-lite="" style={style}>
      <label className={c.label} htmlFor={id}>
        {label}
        {required(state.required)}
      </label>
      {description ? (
        <p className={c.description} id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      {control}
      {error ? (
        <p className={c.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );

  const group = (type: 'radio' | 'checkbox', multiple: boolean) => {
    const options = choiceOptions(cf);
    const selected = multiple ? (Array.isArray(state.value) ? state.value.map(optionValueOf) : []) : [optionValueOf(state.value)];
    return (
      <fieldset id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} data-lite="" style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <legend className={c.label} style={LEGEND_STYLE}>
          {label}
          {required(state.required)}
        </legend>
        {description ? (
          <p className={c.description} id={`${id}-description`} style={{ marginBottom: 6 }}>
            {description}
          </p>
        ) : null}
        {options.map((option, i) => (
          <label key={option.value} style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 'var(--mantine-font-size-sm)', marginBottom: 6 }}>
            <input
              type={type}
              id={`${id}-${i}`}
              name={id}
              value={option.value}
              checked={selected.includes(option.value)}
              disabled={disabled}
              required={type === 'radio' && state.required}
              aria-invalid={error ? true : undefined}
              onFocus={common.onFocus}
              onBlur={common.onBlur}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                if (readOnly) return;
                if (!multiple) onChange(rawOf(options, option.value));
                else {
                  const next = event.currentTarget.checked ? [...selected, option.value] : selected.filter((v) => v !== option.value);
                  onChange(next.length === 0 ? undefined : next.map((v) => rawOf(options, v)));
                }
              }}
            />
            {option.label}
          </label>
        ))}
        {error ? (
          <p className={c.error} id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  };

  switch (widget) {
    case 'textarea':
      return boxed(
        <textarea
          {...common}
          className={c.input}
          data-variant="default"
          rows={3}
          placeholder={placeholder}
          required={state.required}
          readOnly={readOnly}
          value={textInputValue('text', state.value)}
          onChange={(event) => onChange(textFromInput('text', event.currentTarget.value, undefined))}
        />,
        TEXTAREA_STYLE,
      );
    case 'number':
    case 'integer':
      return boxed(
        <input
          {...common}
          className={c.input}
          data-variant="default"
          type="text"
          inputMode={widget === 'integer' || cf.info.type === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          placeholder={placeholder}
          required={state.required}
          readOnly={readOnly}
          ref={numberInputRef(state.value)}
          defaultValue={numberText(state.value)}
          onChange={(event) => onChange(numberFromText(event.currentTarget.value))}
        />,
      );
    case 'checkbox':
    case 'switch':
      return (
        <div data-lite="">
          <label style={{ display: 'flex', gap: 12, alignItems: 'center', fontSize: 'var(--mantine-font-size-sm)' }}>
            <input
              {...common}
              type="checkbox"
              role={widget === 'switch' ? 'switch' : undefined}
              required={state.required}
              checked={state.value === true}
              onChange={(event) => {
                if (!readOnly) onChange(event.currentTarget.checked);
              }}
              style={{ width: 20, height: 20, margin: 0 }}
            />
            {label}
            {required(state.required)}
          </label>
          <Messages id={id} description={description} error={error} />
        </div>
      );
    case 'select': {
      const options = choiceOptions(cf);
      return boxed(
        <select
          {...common}
          className={c.input}
          data-variant="default"
          required={state.required}
          value={optionValueOf(state.value)}
          onChange={(event) => {
            if (!readOnly) onChange(rawOf(options, event.currentTarget.value));
          }}
        >
          <option value="">{placeholder ?? labels.selectPlaceholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      );
    }
    case 'radio':
    case 'segmented':
      return group('radio', false);
    case 'checkboxes':
    case 'multiselect':
      return group('checkbox', true);
    case 'signature':
      return boxed(
        <input
          {...common}
          className={c.input}
          data-variant="default"
          type="text"
          autoComplete="name"
          required={state.required}
          readOnly={readOnly || isDrawnSignature(state.value)}
          value={typeof state.value === 'string' && !isDrawnSignature(state.value) ? state.value : ''}
          onChange={(event) => onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
        />,
      );
    default: {
      const kind = (widget in TYPES ? widget : 'text') as 'text' | 'email' | 'url' | 'phone' | 'date' | 'time' | 'datetime';
      return boxed(
        <input
          {...common}
          className={c.input}
          data-variant="default"
          type={TYPES[widget] ?? 'text'}
          placeholder={placeholder}
          required={state.required}
          readOnly={readOnly}
          value={textInputValue(kind, state.value)}
          onChange={(event) => onChange(textFromInput(kind, event.currentTarget.value, cf.info.format))}
        />,
      );
    }
  }
}
