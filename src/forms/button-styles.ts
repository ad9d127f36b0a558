/**
 * Styles of a form button whose label comes from the form's author or the host (an "Add …" label, Next, Submit): a
 * label too long for the width wraps onto more lines inside a taller button, where Mantine's one-line label would run
 * out of the button and the page.
 */
export const WRAPPING_BUTTON_STYLES = {
  root: {
    height: 'auto',
    minHeight: 'var(--button-height)',
    maxWidth: '100%',
    paddingBlock: 'calc(var(--mantine-spacing-xs) / 2)',
  },
  label: { whiteSpace: 'normal', height: 'auto', overflowWrap: 'anywhere', textAlign: 'center', lineHeight: 1.3 },
} as const;
