import { READABLE_FORM_COLORS } from '../../ui/contrast';

/** The error and description colours of the builder's panels: the same readable shades as the form renderer's. */
export const ERROR_CONTRAST = READABLE_FORM_COLORS;

/** The text colour of a problem shown next to an input. */
export const ERROR_TEXT = 'var(--mantine-color-error)';
