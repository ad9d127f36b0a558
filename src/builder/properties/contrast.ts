import type { CSSProperties } from 'react';

/**
 * The error and description colours of the builder's panels: Mantine's default red (red.6 in light, 3.3:1 on white) is too light for
 * text; red.9 in light and red.4 in dark keep 4.5:1, as the form renderer does.
 */
export const ERROR_CONTRAST = {
  '--mantine-color-error': 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))',
  // Inputs' descriptions are 'dimmed' (3.3:1 light, 4.0:1 dark): gray.7 / dark.1 read at 4.5:1 and more.
  '--mantine-color-dimmed': 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))',
} as CSSProperties;

/** The text colour of a problem shown next to an input. */
export const ERROR_TEXT = 'var(--mantine-color-error)';
