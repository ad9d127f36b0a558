import { Checkbox, Group, NativeSelect, Radio, SegmentedControl, Stack } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { GroupFieldset } from './GroupFieldset';
import type { WidgetProps } from './types';
import { choiceOptions, optionValueOf, rawOf } from './values';

/** A single choice from a list: Mantine NativeSelect (native keyboard, autofill and screen-reader behaviour). */
export function SelectWidget(props: WidgetProps) {
  const { cf, id, label, description, state, disabled, readOnly, onChange, onBlur, labels } = props;
  const options = choiceOptions(cf);
  const data = [{ value: '', label: props.placeholder ?? labels.selectPlaceholder }, ...options.map((o) => ({ value: o.value, label: o.label }))];
  return (
    <NativeSelect
      id={id}
      name={id}
      label={label}
      description={description}
      data={data}
      value={optionValueOf(state.value)}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        if (!readOnly) onChange(rawOf(options, event.currentTarget.value));
      }}
      onBlur={onBlur}
      error={state.error}
      required={state.required}
      disabled={disabled || readOnly}
    />
  );
}

/** A single choice as radio buttons in a fieldset. */
export function RadioWidget(props: WidgetProps) {
  const { cf, id, label, description, state, disabled, readOnly, onChange, onBlur } = props;
  const options = choiceOptions(cf);
  return (
    <GroupFieldset id={id} label={label} description={description} error={state.error} required={state.required}>
      <Radio.Group
        name={id}
        value={optionValueOf(state.value)}
        onChange={(value) => onChange(rawOf(options, value))}
        readOnly={readOnly}
        disabled={disabled}
        labelProps={{ id: `${id}-legend` }}
      >
        <Stack gap={6} onBlur={onBlur}>
          {options.map((option, i) => (
            <Radio
              key={option.value}
              id={`${id}-${i}`}
              value={option.value}
              label={option.label}
              required={state.required}
              aria-invalid={state.error ? true : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
    </GroupFieldset>
  );
}

/** A single choice as a segmented control (radio inputs underneath) in a fieldset. */
export function SegmentedWidget(props: WidgetProps) {
  const { cf, id, label, description, state, disabled, readOnly, onChange, onBlur } = props;
  const options = choiceOptions(cf);
  const value = optionValueOf(state.value);
  return (
    <GroupFieldset id={id} label={label} description={description} error={state.error} required={state.required}>
      <SegmentedControl
        name={id}
        data={options.map((o) => ({ value: o.value, label: o.label }))}
        value={value === '' ? (null as unknown as string) : value}
        onChange={(next) => onChange(rawOf(options, next))}
        onBlur={onBlur}
        readOnly={readOnly}
        disabled={disabled}
        aria-labelledby={`${id}-legend`}
      />
    </GroupFieldset>
  );
}

/** Several choices as checkboxes in a fieldset (the fieldset is the group: no second group inside it). */
export function CheckboxesWidget(props: WidgetProps) {
  const { cf, id, label, description, state, disabled, readOnly, onChange, onBlur } = props;
  const options = choiceOptions(cf);
  const selected = Array.isArray(state.value) ? state.value.map(optionValueOf) : [];
  const toggle = (value: string, checked: boolean) => {
    if (readOnly) return;
    const next = checked ? [...selected, value] : selected.filter((v) => v !== value);
    onChange(next.length === 0 ? undefined : next.map((v) => rawOf(options, v)));
  };
  return (
    <GroupFieldset id={id} label={label} description={description} error={state.error} required={state.required}>
      <Group gap="md" onBlur={onBlur}>
        {options.map((option, i) => (
          <Checkbox
            key={option.value}
            id={`${id}-${i}`}
            name={id}
            value={option.value}
            label={option.label}
            checked={selected.includes(option.value)}
            onChange={(event: ChangeEvent<HTMLInputElement>) => toggle(option.value, event.currentTarget.checked)}
            disabled={disabled}
            aria-invalid={state.error ? true : undefined}
          />
        ))}
      </Group>
    </GroupFieldset>
  );
}
