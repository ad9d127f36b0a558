import { createTheme } from '@mantine/core';

/**
 * Mantine theme the library's stories and tests run with, and that hosts may pass to their `MantineProvider`
 * (or merge with `mergeThemeOverrides`).
 *
 * Mantine's default filled shade (6) gives white button text a contrast of about 3.5:1, below WCAG AA's 4.5:1;
 * shade 8 in both color schemes passes for every default color.
 */
export const ccqTheme = createTheme({
  primaryShade: { light: 8, dark: 8 },
});
