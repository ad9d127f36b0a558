/**
 * Display names of rows in `GetEntitiesWithPermissions` (docs/spec.md, Calls), the same from both backends.
 */

/** A form schema by name and version: "Contact Details v1" stays as it is; "Contact Details" becomes "Contact Details v1". */
export function formSchemaDisplayName(name: string, version: number): string {
  return name.endsWith(` v${version}`) ? name : `${name} v${version}`;
}

/** A form instance by its form's name and the end of its id ("Contact Details #0401"). */
export function formInstanceDisplayName(formName: string | null | undefined, formInstanceId: string): string {
  return `${formName ?? 'Form'} #${formInstanceId.slice(-4)}`;
}
