/**
 * The texts of a host's router pages (docs/spec.md, Screens and routes and Error catalogue): the 404 page and the page
 * of a route that failed. They are spread into the library's one `defaultLabels` object (src/labels/english.ts), so a
 * host overrides them like every other text; a host's public pages take their defaults from here so that they do not
 * carry the administration screens' texts.
 */
export const routerLabels = {
  notFound: 'Not Found',
  somethingWentWrong: 'Something went wrong!',
  showError: 'Show Error',
  hideError: 'Hide Error',
} as const;
