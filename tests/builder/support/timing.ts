/**
 * How long a test waits for the builder's first render (its palette's 'Add …' buttons). The first test of a file also
 * pays for loading the builder's modules; on a loaded two-core machine in jsdom that took more than 5 s.
 */
export const BUILDER_FIRST_RENDER_MS = 20_000;
