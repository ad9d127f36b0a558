import type { ReactNode } from 'react';

/**
 * A story decorator: the story in a frame 390 px wide, as a phone held upright or a narrow column of a host's page
 * gives it (the lists stack their columns below the theme's xs breakpoint).
 */
export const inNarrowColumn = (Story: () => ReactNode) => <div style={{ maxWidth: 390 }}>{Story()}</div>;
