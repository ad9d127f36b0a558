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

/** The asterisk after a required field's label, as Mantine's input label draws it (hidden from assistive technology). */
export function requiredMark(on: boolean) {
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

/** What a light stand-in gets: the widget's props and `onFocusChange`, which keeps it in place while focused. */
export interface LiteWidgetProps extends WidgetProps {
  onFocusChange: (focused: boolean) => void;
}

/** The attributes every light control carries (id, name, ARIA, focus tracking), spread onto the native control. */
export interface LiteControlAttributes {
  id: string;
  name: string;
  disabled: boolean;
  'data-error': true | undefined;
  style: React.CSSProperties | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onFocus: () => void;
  onBlur: () => void;
}

/** The parts a light stand-in is built from, so it looks like the Mantine input it becomes. */
export interface LiteParts {
  /** Attributes for the native control. */
  common: LiteControlAttributes;
  /** Wraps a control in Mantine's input wrapper: label, description, error. */
  boxed: (control: ReactNode, style?: React.CSSProperties) => ReactNode;
  /** A fieldset of native radios (one choice) or checkboxes (several) over the field's options. */
  group: (type: 'radio' | 'checkbox', multiple: boolean) => ReactNode;
  /** A fieldset around `controls`: the label as its legend, the description and the error tied to it. */
  fieldset: (controls: ReactNode) => ReactNode;
}

/**
 * The light stand-in of one widget kind: a plain function of the props and the parts (no hooks), called while a long
 * form mounts progressively.
 */
export type LiteRenderer = (props: LiteWidgetProps, parts: LiteParts) => ReactNode;

/**
 * A light, working stand-in of the widget, drawn by `lite` (its registry entry's); `onFocusChange` keeps it in place
 * while the user is in it. Called as a function from the field (it has no hooks), not mounted as a component of its own.
 */
export function renderLiteField(props: LiteWidgetProps, lite: LiteRenderer) {
  const { cf, id, label, description, state, disabled, readOnly, onChange, onBlur, onFocusChange } = props;
  const error = state.error;
  const describedBy = [error ? `${id}-error` : '', description ? `${id}-description` : ''].filter(Boolean).join(' ') || undefined;
  const common: LiteControlAttributes = {
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
  };

  // One element is both Mantine's wrapper root and input wrapper (its classes and variables), to keep light fields light.
  const boxed = (control: ReactNode, style?: React.CSSProperties) => (
    <div className={ROOT_CLASS} data-variant="default" data-error={error ? true : undefined} data-lite="" style={style}>
      <label className={c.label} htmlFor={id}>
        {label}
        {requiredMark(state.required)}
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

  const fieldset = (controls: ReactNode) => (
    <fieldset id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} data-lite="" style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend className={c.label} style={LEGEND_STYLE}>
        {label}
        {requiredMark(state.required)}
      </legend>
      {description ? (
        <p className={c.description} id={`${id}-description`} style={{ marginBottom: 6 }}>
          {description}
        </p>
      ) : null}
      {controls}
      {error ? (
        <p className={c.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );

  const group = (type: 'radio' | 'checkbox', multiple: boolean) => {
    const options = choiceOptions(cf);
    const selected = multiple ? (Array.isArray(state.value) ? state.value.map(optionValueOf) : []) : [optionValueOf(state.value)];
    return fieldset(
      options.map((option, i) => (
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
      )),
    );
  };

  return lite(props, { common, boxed, group, fieldset });
}

/** Light text boxes: `text`, `email`, `url`, `phone`, `date`, `time` and `datetime` (the native input type of each). */
export function liteText(kind: 'text' | 'email' | 'url' | 'phone' | 'date' | 'time' | 'datetime'): LiteRenderer {
  return ({ cf, placeholder, state, readOnly, onChange }, { common, boxed }) =>
    boxed(
      <input
        {...common}
        className={c.input}
        data-variant="default"
        type={TYPES[kind] ?? 'text'}
        placeholder={placeholder}
        required={state.required}
        readOnly={readOnly}
        value={textInputValue(kind, state.value)}
        onChange={(event) => onChange(textFromInput(kind, event.currentTarget.value, cf.info.format))}
      />,
    );
}

/** A light `textarea`. */
export const liteTextarea: LiteRenderer = ({ placeholder, state, readOnly, onChange }, { common, boxed }) =>
  boxed(
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

/** A light `number` / `integer` box (text, so a half-typed number is kept as typed). */
export function liteNumber(integer: boolean): LiteRenderer {
  return ({ cf, placeholder, state, readOnly, onChange }, { common, boxed }) =>
    boxed(
      <input
        {...common}
        className={c.input}
        data-variant="default"
        type="text"
        inputMode={integer || cf.info.type === 'integer' ? 'numeric' : 'decimal'}
        autoComplete="off"
        placeholder={placeholder}
        required={state.required}
        readOnly={readOnly}
        ref={numberInputRef(state.value)}
        defaultValue={numberText(state.value)}
        onChange={(event) => onChange(numberFromText(event.currentTarget.value))}
      />,
    );
}

/** A light `checkbox` or `switch`. */
export function liteBoolean(asSwitch: boolean): LiteRenderer {
  return ({ id, label, description, state, readOnly, onChange }, { common }) => (
    <div data-lite="">
      <label style={{ display: 'flex', gap: 12, alignItems: 'center', fontSize: 'var(--mantine-font-size-sm)' }}>
        <input
          {...common}
          type="checkbox"
          role={asSwitch ? 'switch' : undefined}
          required={state.required}
          checked={state.value === true}
          onChange={(event) => {
            if (!readOnly) onChange(event.currentTarget.checked);
          }}
          style={{ width: 20, height: 20, margin: 0 }}
        />
        {label}
        {requiredMark(state.required)}
      </label>
      <Messages id={id} description={description} error={state.error} />
    </div>
  );
}

/** A light `select`: a native select over the options. */
export const liteSelect: LiteRenderer = ({ cf, placeholder, state, readOnly, onChange, labels }, { common, boxed }) => {
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
};

/** Light `radio` / `segmented` (native radios) and `checkboxes` / `multiselect` (native checkboxes). */
export function liteGroup(type: 'radio' | 'checkbox'): LiteRenderer {
  return (_props, { group }) => group(type, type === 'checkbox');
}

/** A light `signature`: the typed-name box (a drawn signature shows read-only until the full widget mounts). */
export const liteSignature: LiteRenderer = ({ state, readOnly, onChange }, { common, boxed }) =>
  boxed(
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
