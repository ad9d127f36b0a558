/** Texts of the server-searched pickers, spread into `defaultLabels`. */
export const searchLabels = {
  /** The last, disabled entry of a picker that shows one page of more matches. */
  pickerMoreMatches: 'Showing {shown} of {total}: type to narrow the list',
  /** The picker's only entry when the text typed is longer than a search may be (nothing is searched). */
  pickerSearchTooLong: 'A search can be at most {max} characters: shorten it to see matches',
} as const;
