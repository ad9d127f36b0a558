/** Search parameters of `/admin/signing/`: the form instance whose envelopes the Signing screen shows. */
export interface SigningSearch {
  /** Only this form instance's envelopes (the Form Instances list's 'Show its envelopes' links here with it). */
  formInstanceId?: string;
}

/** `validateSearch` of the Signing route: the router JSON-parses search values, so only a non-empty text is an id. */
export function validateSigningSearch(search: Record<string, unknown>): SigningSearch {
  const id = search.formInstanceId;
  return typeof id === 'string' && id.length > 0 ? { formInstanceId: id } : {};
}

/** The host's address of the Signing screen, narrowed to one form instance when one is given. */
export function signingHref(formInstanceId?: string): string {
  return formInstanceId ? `/admin/signing/?${new URLSearchParams({ formInstanceId }).toString()}` : '/admin/signing/';
}
