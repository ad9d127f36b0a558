import { MultiSelect, Select, Stack, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { serverSearchProps, withMoreEntry, type PickerSearchSource } from './picker-search';
import type { PickerOption } from './useNameMemory';

export interface ServerSelectProps extends Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'filter'> {
  /** The server search the options come from. */
  source: PickerSearchSource;
}

/**
 * A Select whose options are the page the server answers for what is typed. The search runs here, so a keystroke
 * re-renders this picker only, not the screen around it; a failed search shows its alert below.
 */
export function ServerSelect({ source, className, style, ...props }: ServerSelectProps) {
  const { search, options, failure } = source.useSearch();
  // One tree whether or not the search failed: the Select keeps its state (and the focus) when the alert comes and goes.
  return (
    <Stack gap="xs" className={className} style={style}>
      <Select {...props} data={withMoreEntry(options, search)} {...serverSearchProps(search, props.nothingFoundMessage)} />
      {failure && <ErrorAlert message={failure.message} onRetry={failure.retry} />}
    </Stack>
  );
}

export interface ServerMultiSelectProps
  extends Omit<MultiSelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'filter' | 'value'> {
  source: PickerSearchSource;
  /** The chosen ids (controlled). */
  value: readonly string[];
  /** The label of a chosen id that the current page of matches lacks. */
  labelOf: (id: string) => string;
}

/** The options plus every chosen id they lack: a chosen option's pill shows its label from the data. */
export function withChosen(options: readonly PickerOption[], chosen: readonly string[], labelOf: (id: string) => string): PickerOption[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: labelOf(id) }))];
}

/** A MultiSelect searched on the server, like {@link ServerSelect}; the chosen options stay shown as pills. */
export function ServerMultiSelect({ source, value, labelOf, className, style, ...props }: ServerMultiSelectProps) {
  const { search, options, failure } = source.useSearch();
  const data = withMoreEntry(withChosen(options, value, labelOf), search);
  return (
    <Stack gap="xs" className={className} style={style}>
      <MultiSelect {...props} value={[...value]} data={data} {...serverSearchProps(search, props.nothingFoundMessage)} />
      {failure && <ErrorAlert message={failure.message} onRetry={failure.retry} />}
    </Stack>
  );
}
