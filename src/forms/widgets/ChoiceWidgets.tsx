import { Checkbox, Flex, NativeSelect, Radio, SegmentedControl, Stack } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useFitsInline } from '../useFitsInline';
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

/** Labels of a vertical segmented control wrap within the form's width. */
const VERTICAL_SEGMENTED_STYLES = { label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } } as const;

/** What the one-row width of a choice widget depends on. */
const labelsKey = (options: { label: string }[]) => options.map((o) => o.label).join('\n');

/**
 * A single choice as a segmented control (radio inputs underneath) in a fieldset: on one row when its labels fit the
 * form's width, else one option under the other (a five-point agree/disagree scale on a phone).
 */
export function SegmentedWidget(props: WidgetProps) {
  const { cf, id, label, description, state, disabled, readOnly, onChange, onBlur } = props;
  const options = choiceOptions(cf);
  const value = optionValueOf(state.value);
  const { containerRef, contentRef, fits } = useFitsInline<HTMLFieldSetElement, HTMLDivElement>(labelsKey(options));
  return (
    <GroupFieldset ref={containerRef} id={id} label={label} description={description} error={state.error} required={state.required}>
      <SegmentedControl
        ref={fits ? contentRef : undefined}
        orientation={fits ? 'horizontal' : 'vertical'}
        fullWidth={!fits}
        styles={fits ? undefined : VERTICAL_SEGMENTED_STYLES}
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

/**
 * Several choices as checkboxes in a fieldset (the fieldset is the group: no second group inside it): side by side
 * when they fit the form's width on one row, else one under the other (where long labels wrap).
 */
export function CheckboxesWidget(props: WidgetProps) {
  const { cf, id, label, description, state, disabled, readOnly, onChange, onBlur } = props;
  const options = choiceOptions(cf);
  const { containerRef, contentRef, fits } = useFitsInline<HTMLFieldSetElement, HTMLDivElement>(labelsKey(options));
  const selected = Array.isArray(state.value) ? state.value.map(optionValueOf) : [];
  const toggle = (value: string, checked: boolean) => {
    if (readOnly) return;
    const next = checked ? [...selected, value] : selected.filter((v) => v !== value);
    onChange(next.length === 0 ? undefined : next.map((v) => rawOf(options, v)));
  };
  return (
    <GroupFieldset ref={containerRef} id={id} label={label} description={description} error={state.error} required={state.required}>
      {/* As wide as its one row needs (measured against the fieldset), or a column where long labels wrap. */}
      <Flex
        ref={fits ? contentRef : undefined}
        direction={fits ? 'row' : 'column'}
        gap={fits ? 'md' : 'xs'}
        w={fits ? 'max-content' : undefined}
        onBlur={onBlur}
      >
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
      </Flex>
    </GroupFieldset>
  );
}
