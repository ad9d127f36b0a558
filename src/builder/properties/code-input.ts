/**
 * The styles of a panel's box that holds code (a data path, a regular expression): the value in the monospace font,
 * where each character is told apart, while the box's label and description keep the panel's own font.
 */
export const CODE_INPUT_STYLES = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;
