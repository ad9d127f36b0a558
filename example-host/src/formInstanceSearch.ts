/** How the public form-instance page shows the instance (docs/spec.md, Screens and routes and Validation rules). */
export type FormInstanceMode = 'edit' | 'view';

/** Search parameters of `/form-instance/$formSchemaId`. */
export interface FormInstanceSearch {
  /**
   * `edit` fills the form in, `view` reads it, in any case (`EDIT` is `edit`: a link typed or passed on by hand means
   * the same); missing or empty is `view` (docs/spec.md, Validation rules).
   */
  mode: FormInstanceMode;
  /** A `mode` that is neither, as given: the page says so instead of quietly showing the form read-only. */
  invalidMode?: string;
  /** The instance a link from `GetEditUrl` / `GetViewUrl` names. */
  formInstanceId?: string;
  /** The link's access token. */
  token?: string;
}

/** The router JSON-parses search values, so an id or token of digits arrives as a number: read it back as text. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** `validateSearch` of the public form-instance route. */
export function validateFormInstanceSearch(search: Record<string, unknown>): FormInstanceSearch {
  const formInstanceId = text(search.formInstanceId);
  const token = text(search.token);
  const given = search.mode === undefined || search.mode === '' ? 'view' : search.mode;
  const mode = typeof given === 'string' ? given.toLowerCase() : given;
  const valid = mode === 'edit' || mode === 'view';
  return {
    mode: mode === 'edit' ? 'edit' : 'view',
    ...(valid ? {} : { invalidMode: typeof given === 'string' ? given : JSON.stringify(given) }),
    ...(formInstanceId !== undefined ? { formInstanceId } : {}),
    ...(token !== undefined ? { token } : {}),
  };
}
