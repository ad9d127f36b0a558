import { Box, type BoxProps } from '@mantine/core';
import { createContext, use, type ReactNode } from 'react';
import { APP_NAME } from '../config';

// Whether a page is rendered inside a <main> already (the admin shell's): a page shown there must not add another.
const InsideMain = createContext(false);

/** Marks its children as inside the page's `<main>` landmark (the admin shell wraps its screens in it). */
export function InsideMainLandmark({ children }: { children?: ReactNode }) {
  return <InsideMain value>{children}</InsideMain>;
}

/**
 * The page's one `<main>` landmark, so screen-reader users can jump to the content: every public page and every page
 * outside the admin shell has it; inside the shell (whose `AppShell.Main` is the landmark) it is a plain box.
 */
export function PageMain({ children, ...others }: BoxProps & { children?: ReactNode }) {
  const inside = use(InsideMain);
  return (
    <Box component={inside ? 'div' : 'main'} {...others}>
      {children}
    </Box>
  );
}

/** The document title of a page: 'Role Management — CCQ Forms Admin' (the app's name alone without `title`). */
export function documentTitle(title?: string): string {
  return title ? `${title} — ${APP_NAME}` : APP_NAME;
}

/**
 * Sets the browser tab's title while the page is shown, so each route has its own (a person with many tabs, or a
 * screen reader announcing the page, learns where they are). React puts the `<title>` into the document's head ahead
 * of the others, so the innermost page that sets one wins, and takes it out when the page goes.
 */
export function PageTitle({ title }: { title?: string }) {
  return <title>{documentTitle(title)}</title>;
}
