/**
 * The multi-select widget: a searchable list of options whose picks show as pills, built on Mantine's light
 * `PillsInput` and `Pill` with a listbox of our own. Mantine's `MultiSelect` brings its Combobox, Popover,
 * floating-ui, ScrollArea and Transition (about 29 kB gzipped, a sixth of the public `/viewer` page) for the one
 * widget; this one costs about 1.5 kB and follows the WAI-ARIA editable-combobox pattern: the input is a
 * `combobox` that owns a `listbox` (`aria-multiselectable`) through `aria-controls` and `aria-activedescendant`, so
 * focus stays in the input while the arrow keys move through the options.
 *
 * Keyboard: typing filters and opens the list; ↓ / ↑ open it and move (wrapping); Enter picks or unpicks the active
 * option; Escape closes; Backspace in an empty search removes the last pick; Tab leaves and closes.
 */
import { CheckIcon, Pill, PillsInput } from '@mantine/core';
import { useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import type { WidgetProps } from './types';
import { choiceOptions, optionValueOf, rawOf } from './values';

const DISABLED_PILLS_READABLE = { input: { opacity: 1 } };

const LIST_STYLE: CSSProperties = {
  position: 'absolute',
  zIndex: 300,
  top: '100%',
  left: 0,
  right: 0,
  marginTop: 4,
  maxHeight: 220,
  overflowY: 'auto',
  padding: 4,
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-text)',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-default)',
  boxShadow: 'var(--mantine-shadow-md)',
};

const OPTION_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '6px 10px',
  borderRadius: 'var(--mantine-radius-sm)',
  fontSize: 'var(--mantine-font-size-sm)',
  cursor: 'pointer',
};

const ACTIVE_OPTION_STYLE: CSSProperties = { ...OPTION_STYLE, background: 'var(--mantine-color-default-hover)' };

/** Keeps focus in the input when the pointer presses inside the list. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** Several choices from a searchable list (widget `multiselect`); the picks show as removable pills. */
export function MultiSelectWidget(props: WidgetProps) {
  const { cf, id, label, description, placeholder, state, disabled, readOnly, onChange, onBlur } = props;
  const options = choiceOptions(cf);
  const selected = Array.isArray(state.value) ? state.value.map(optionValueOf) : [];
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const locked = disabled || readOnly;

  const query = search.trim().toLowerCase();
  const shown = query === '' ? options : options.filter((o) => o.label.toLowerCase().includes(query));
  const expanded = open && !locked && shown.length > 0;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeIndex = expanded && active >= 0 && active < shown.length ? active : -1;

  const commit = (values: string[]) => onChange(values.length === 0 ? undefined : values.map((v) => rawOf(options, v)));
  const toggle = (value: string) => {
    if (locked) return;
    commit(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
    setSearch('');
  };
  const moveTo = (index: number) => {
    setActive(index);
    // Keeps the active option in the list's view (jsdom has no scrollIntoView).
    document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : shown.length - 1);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        moveTo(activeIndex < 0 ? (step > 0 ? 0 : shown.length - 1) : (activeIndex + step + shown.length) % shown.length);
        return;
      }
      case 'Enter':
        // Enter picks only while an option is active; otherwise it submits the form as in any input.
        if (activeIndex >= 0) {
          event.preventDefault();
          toggle((shown[activeIndex] as { value: string }).value);
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        return;
      case 'Backspace':
        if (search === '' && selected.length > 0) commit(selected.slice(0, -1));
        return;
      default:
    }
  };

  return (
    <PillsInput
      id={id}
      label={label}
      description={description}
      error={state.error}
      required={state.required}
      disabled={disabled}
      // The disabled input's opacity takes its pills below AA contrast in dark: the disabled background says enough.
      styles={disabled ? DISABLED_PILLS_READABLE : undefined}
      onClick={() => {
        if (!locked) setOpen(true);
      }}
      inputContainer={(children) => (
        <div style={{ position: 'relative' }}>
          {children}
          {expanded ? (
            <div
              id={listId}
              role="listbox"
              aria-multiselectable="true"
              aria-labelledby={`${id}-label`}
              style={LIST_STYLE}
              onMouseDown={keepFocus}
            >
              {shown.map((option, index) => {
                const picked = selected.includes(option.value);
                return (
                  <div
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={picked}
                    style={index === activeIndex ? ACTIVE_OPTION_STYLE : OPTION_STYLE}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => toggle(option.value)}
                  >
                    <CheckIcon size={12} style={{ flex: 'none', visibility: picked ? 'visible' : 'hidden' }} aria-hidden />
                    {option.label}
                  </div>
                );
              })}
            </div>
          ) : null}
        </div>
      )}
    >
      <Pill.Group>
        {selected.map((value) => (
          <Pill
            key={value}
            // Mantine keeps the pills' remove buttons on a disabled MultiSelect; read-only hides them.
            withRemoveButton={!locked}
            onRemove={() => commit(selected.filter((v) => v !== value))}
            disabled={disabled}
          >
            {options.find((o) => o.value === value)?.label ?? value}
          </Pill>
        ))}
        <PillsInput.Field
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-required={state.required || undefined}
          autoComplete="off"
          value={search}
          placeholder={selected.length === 0 ? placeholder : undefined}
          readOnly={readOnly}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => {
            if (!locked) setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            setSearch('');
            setActive(-1);
            onBlur();
          }}
          onKeyDown={onKeyDown}
        />
      </Pill.Group>
    </PillsInput>
  );
}
