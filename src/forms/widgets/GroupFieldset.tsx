import { Fieldset, Input } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/**
 * A radio or checkbox group as `fieldset` / `legend` (GOV.UK), with the help text and the error tied to the group by
 * `aria-describedby`. `id` goes on the fieldset: the error summary links to it and focuses its first control.
 */
export function GroupFieldset({
  ref,
  id,
  label,
  description,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  description: string | undefined;
  error: string | null;
  required: boolean;
  children: ReactNode;
  /** The fieldset element (choice widgets measure the width they may take). */
  ref?: Ref<HTMLFieldSetElement>;
}) {
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Fieldset
      ref={ref}
      id={id}
      variant="unstyled"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      data-error={error ? true : undefined}
      legend={
        <Input.Label component="span" required={required} id={`${id}-legend`}>
          {label}
        </Input.Label>
      }
      styles={{ root: { border: 0, margin: 0, padding: 0, minWidth: 0 }, legend: { padding: 0, marginBottom: 4 } }}
    >
      {description ? (
        <Input.Description id={`${id}-description`} mb={6}>
          {description}
        </Input.Description>
      ) : null}
      {children}
      {error ? (
        <Input.Error id={`${id}-error`} mt={6}>
          {error}
        </Input.Error>
      ) : null}
    </Fieldset>
  );
}
