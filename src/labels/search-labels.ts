/** Texts of the server-searched pickers, spread into `defaultLabels`. */
export const searchLabels = {
  /** The last, disabled entry of a picker that shows one page of more matches. */
  pickerMoreMatches: 'Showing {shown} of {total}: type to narrow the list',
} as const;
