import { Select, type ComboboxItem } from '@mantine/core';

export interface PickerSelectProps {
  label: string;
  placeholder: string;
  data: readonly ComboboxItem[];
  /** The chosen id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
}

/** The searchable, clearable picker of the admin screens' picker rows (a user, user group or claim group). */
export function PickerSelect({ label, placeholder, data, value, onChange }: PickerSelectProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="—"
      style={{ flex: 1 }}
      maw={480}
    />
  );
}
