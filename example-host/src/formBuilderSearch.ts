/** Search parameters of `/admin/form-builder/`: which form (and version) the builder opens. */
export interface FormBuilderSearch {
  /** The form to edit; missing for a new form. */
  formId?: string;
  /** The version to edit; missing for the form's current one. */
  formSchemaId?: string;
}

/** The router JSON-parses search values: read an id back as text, and leave out anything else. */
const idText = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** `validateSearch` of the form builder's route. */
export function validateFormBuilderSearch(search: Record<string, unknown>): FormBuilderSearch {
  const formId = idText(search.formId);
  const formSchemaId = idText(search.formSchemaId);
  return { ...(formId ? { formId } : {}), ...(formSchemaId ? { formSchemaId } : {}) };
}
