/**
 * The texts every screen shares, the public form viewer included: loading, retry, details, and what a failed call
 * says. They are spread into the library's one `defaultLabels` object (src/labels/english.ts), so a host overrides them
 * like every other text; the shared UI pieces and the viewer take their defaults from here so that they do not carry
 * the administration screens' texts.
 */
export const sharedLabels = {
  tryAgain: 'Try again',
  /** The message of every `ApiError` (docs/spec.md, Error catalogue); shown for 5xx answers and answers without problem details. */
  unexpectedServerError: 'An unexpected server error occurred.',
  loading: 'Loading…',
  showDetails: 'Show details',
  hideDetails: 'Hide details',
  networkError: 'The server could not be reached. Check the connection and try again.',
} as const;

/** Fills the `{name}` placeholders of a label; an unknown placeholder stays as written. */
export function fillLabel(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
