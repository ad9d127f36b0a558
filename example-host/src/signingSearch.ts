/** Search parameters of `/admin/signing/`: what the Signing screen starts narrowed to. */
export interface SigningSearch {
  /** Only this form instance's envelopes (the Form Instances list's 'Show its envelopes' links here with it). */
  formInstanceId?: string;
  /** Only the envelopes with e-mail that could not be sent (the admin home's 'Needs attention' links here with it). */
  mailFailed?: true;
}

/** `validateSearch` of the Signing route: the router JSON-parses search values, so only a non-empty text is an id. */
export function validateSigningSearch(search: Record<string, unknown>): SigningSearch {
  const id = search.formInstanceId;
  return {
    ...(typeof id === 'string' && id.length > 0 ? { formInstanceId: id } : {}),
    ...(search.mailFailed === true || search.mailFailed === 'true' ? { mailFailed: true as const } : {}),
  };
}

/** The host's address of the Signing screen, narrowed to one form instance, or to the envelopes whose e-mail failed. */
export function signingHref(formInstanceId?: string, narrow: { mailFailed?: boolean } = {}): string {
  const search = new URLSearchParams({ ...(formInstanceId ? { formInstanceId } : {}), ...(narrow.mailFailed ? { mailFailed: 'true' } : {}) }).toString();
  return search ? `/admin/signing/?${search}` : '/admin/signing/';
}
