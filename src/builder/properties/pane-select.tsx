import { MultiSelect, Select, type ComboboxProps, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { useEffect, useState, type FocusEvent } from 'react';

/**
 * Whether a drop-down list's options are mounted: not until its box first takes the focus (a pointer's press or a
 * key), then kept. Mantine keeps a closed list mounted, hidden, and places it with floating-ui as it mounts: a field's
 * panel (a rule's field picker lists every field it may read) mounted hundreds of hidden options on each selection
 * and drew them again on each undo. The focus comes before the list can open. The box names its list
 * (`aria-controls`) by the id Mantine hands it in the list's effect, and a list just mounted changes its id once (React's
 * id, then Mantine's own in a layout effect): the box is drawn again after each, so it names the list as it opens.
 */
function useListOnFocus(comboboxProps: ComboboxProps | undefined, onFocus: ((event: FocusEvent<HTMLInputElement>) => void) | undefined) {
  // 0: not reached; 1: reached, the list mounting; 2: its second id given; 3: named.
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step === 1 || step === 2) setStep(step + 1);
  }, [step]);
  return {
    comboboxProps: { ...comboboxProps, keepMounted: step > 0 },
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      setStep((s) => Math.max(s, 1));
      onFocus?.(event);
    },
  };
}

/** Mantine's `Select` whose options are mounted once its box is first reached (see `useListOnFocus`). */
export function PaneSelect(props: SelectProps) {
  return <Select {...props} {...useListOnFocus(props.comboboxProps, props.onFocus)} />;
}

/** Mantine's `MultiSelect` whose options are mounted once its box is first reached (see `useListOnFocus`). */
export function PaneMultiSelect(props: MultiSelectProps) {
  return <MultiSelect {...props} {...useListOnFocus(props.comboboxProps, props.onFocus)} />;
}
