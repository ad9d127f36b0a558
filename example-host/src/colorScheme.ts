import { localStorageColorSchemeManager } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';

/**
 * The host's colour scheme: it follows the system until the user picks one in the header, and the pick is kept in
 * local storage under this key. `public/color-scheme.js` reads the same key and default before the app loads (see
 * `index.html`), so a dark system never flashes a light page first.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

/** Follow the system until the user chooses. */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

/** Mantine's local-storage manager under {@link COLOR_SCHEME_STORAGE_KEY} (every tab follows a change). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
