import { Checkbox, createTheme, Input, Radio, Switch } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * The resting border of form controls at 3:1 against their fill and the page (WCAG 1.4.11, non-text contrast).
 *
 * Mantine draws the border of inputs, checkboxes and radios in shade 4 of `gray` (light scheme, #ced4da: 1.5:1 on
 * white) and of `dark` (dark scheme, #424242: 1.5:1 on the control's dark-6 fill). Set on a control's root, these
 * variables make shade 4 mean shade 6 of `gray` (#868e96: 3.3:1 on white) and shade 2 of `dark` (#828282: 3.5:1 on
 * dark-6, 4.0:1 on the dark-7 page) for that control only. The focused, checked, invalid and disabled borders come
 * from other variables (primary colour, error, disabled) and stay Mantine's; nothing outside the control changes.
 */
export const CONTROL_BORDER_VARIABLES = {
  '--mantine-color-gray-4': 'var(--mantine-color-gray-6)',
  '--mantine-color-dark-4': 'var(--mantine-color-dark-2)',
} as CSSProperties;

/**
 * The resting track of a switch at 3:1 against the page, and its white thumb at 3:1 against the track (WCAG 1.4.11).
 *
 * Mantine fills the track of a switch that is off with shade 3 of `gray` (light, #dee2e6: 1.3:1 on white, the white
 * thumb as faint on it) and shade 5 of `dark` (dark). Set on the switch's root, these make them shade 6 of `gray`
 * (#868e96: 3.3:1 on white, and the thumb 3.3:1 on it) and shade 2 of `dark` (#828282: 4.0:1 on the dark-7 page, the
 * thumb 3.9:1 on it). A switch that is on keeps the primary colour; nothing outside the switch changes.
 */
export const SWITCH_TRACK_VARIABLES = {
  '--mantine-color-gray-3': 'var(--mantine-color-gray-6)',
  '--mantine-color-dark-5': 'var(--mantine-color-dark-2)',
} as CSSProperties;

/**
 * Mantine theme the library's stories and tests run with, and that hosts may pass to their `MantineProvider`
 * (or merge with `mergeThemeOverrides`). Exported from `@ccq/forms-admin` and `@ccq/forms-admin/viewer`.
 *
 * - Mantine's default filled shade (6) gives white button text a contrast of about 3.5:1, below WCAG AA's 4.5:1;
 *   shade 8 in both color schemes passes for blue, indigo, violet, grape, pink, red, gray and dark. Mantine's lighter
 *   colors (cyan, teal, green, lime, yellow, orange) stay below 4.5:1 under white text at shade 8, so filled
 *   components pick their text colour (`autoContrast`): black on a fill whose relative luminance is above 0.183,
 *   white below. At that threshold either text reaches 4.5:1 on any fill (white needs a luminance of at most 0.1833,
 *   black at least 0.175), and every colour that passed with white (red, the closest, at 0.1827) keeps it.
 * - Inputs (every Mantine input: text, select, textarea, number, pills), checkboxes and radios get a resting border
 *   of at least 3:1 in both color schemes ({@link CONTROL_BORDER_VARIABLES}); a switch that is off, a track and thumb
 *   of at least 3:1 ({@link SWITCH_TRACK_VARIABLES}).
 */
export const ccqTheme = /* @__PURE__ */ createTheme({
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.183,
  components: {
    // `wrapper` is where Mantine resolves an input's border variable (`--input-bd`).
    Input: /* @__PURE__ */ Input.extend({ styles: { wrapper: CONTROL_BORDER_VARIABLES } }),
    Checkbox: /* @__PURE__ */ Checkbox.extend({ styles: { root: CONTROL_BORDER_VARIABLES } }),
    Radio: /* @__PURE__ */ Radio.extend({ styles: { root: CONTROL_BORDER_VARIABLES } }),
    Switch: /* @__PURE__ */ Switch.extend({ styles: { root: SWITCH_TRACK_VARIABLES } }),
  },
});
