/**
 * The public form link's constants, in a module that imports nothing: the viewer and the query layer read them, and a
 * public page must not carry the access rules (and with them the claim catalogue) that the backends apply.
 */

/** How long a public form link token lives: 24 hours. */
export const LINK_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The response header that hands an anonymous visitor an edit link token for the instance they just started (a post
 * of a public schema's instance): their later saves present it, as an edit link from GetEditUrl would.
 */
export const FORM_LINK_TOKEN_HEADER = 'X-Form-Link-Token';

/** The modes of a public form link (docs/spec.md, Screens and routes: `mode` is edit or view). */
export type FormLinkMode = 'edit' | 'view';

/**
 * The response header that tells a caller presenting a link token what the link lets it do (`edit` or `view`), on
 * every read of the forms routes: a viewer opened with `mode=edit` and a view link shows the form read-only and says
 * why, instead of letting someone type what the server will refuse.
 */
export const FORM_LINK_MODE_HEADER = 'X-Form-Link-Mode';
