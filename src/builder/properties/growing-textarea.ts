/**
 * The styles of a panel's text box that grows with its text through CSS (`field-sizing: content`, from two lines),
 * instead of Mantine's `autosize`: autosize measures the box after every render of its panel, and each measure forces
 * a layout of the whole builder (a canvas of hundreds of fields), on each key typed and each field selected. Where
 * `field-sizing` is unknown the box keeps two lines and can be resized by hand.
 */
export const GROWING_TEXTAREA_STYLES = { input: { fieldSizing: 'content', minHeight: 'calc(2lh + 1rem)', resize: 'vertical' } } as const;
