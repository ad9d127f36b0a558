import type { CSSProperties } from 'react';

/**
 * Colours a screen sets on a form's container (the Signing dialogs, the signing page): Mantine's error red (3.3:1 on
 * white, 3.4:1 on dark) and dimmed descriptions (3.3:1 / 4.0:1) read under 4.5:1; red.9 / red.4 and gray.7 / dark.1
 * read at 4.5:1 and more.
 */
export const READABLE_FORM_COLORS = {
  '--mantine-color-error': 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))',
  '--mantine-color-dimmed': 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))',
} as CSSProperties;
