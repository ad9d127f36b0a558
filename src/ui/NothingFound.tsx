import type { ReactNode } from 'react';

/** Mantine's dimmed grey reads at 3.3:1 on white: gray.7 / dark.1 read at 4.5:1 and more in each scheme. */
const READABLE_DIMMED = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

/**
 * The message a Select, MultiSelect or Autocomplete shows in its dropdown when nothing matches the typed text (its
 * `nothingFoundMessage`). It sits inside the dropdown's listbox, which may hold only options, so it is an option no one
 * can pick; and it brings its own readable grey, since the dropdown lies in a portal, outside the screen's colours.
 */
export function NothingFound({ children }: { children: ReactNode }) {
  return (
    <span role="option" aria-disabled="true" aria-selected="false" style={{ color: READABLE_DIMMED }}>
      {children}
    </span>
  );
}
