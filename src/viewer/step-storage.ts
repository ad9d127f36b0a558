/**
 * The page of a multi-page form a visitor is on, kept for a reload: a reload on step 3 opens step 3 again, not step 1.
 * It lives in `sessionStorage` (this tab only, gone when the tab closes: it is no answer and nothing for the next
 * person at a shared device), one entry per schema and instance. Storage may be missing or forbidden: every access is
 * guarded, and the form then simply opens on its first page.
 */

const PREFIX = 'ccq-forms-admin:form-step';

/** The storage key of the page of an instance (`'new'` before it exists). */
export function stepKey(formSchemaId: string, formInstanceId: string | null): string {
  return `${PREFIX}:${formSchemaId}:${formInstanceId ?? 'new'}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The page index kept for an instance, or 0. */
export function readStep(formSchemaId: string, formInstanceId: string | null): number {
  try {
    const text = storage()?.getItem(stepKey(formSchemaId, formInstanceId));
    const page = text ? Number(text) : 0;
    return Number.isInteger(page) && page > 0 ? page : 0;
  } catch {
    return 0;
  }
}

/** Keeps the page index of an instance (the first page is not stored). */
export function writeStep(formSchemaId: string, formInstanceId: string | null, pageIndex: number): void {
  try {
    const store = storage();
    if (!store) return;
    if (pageIndex > 0) store.setItem(stepKey(formSchemaId, formInstanceId), String(pageIndex));
    else store.removeItem(stepKey(formSchemaId, formInstanceId));
  } catch {
    // Full or forbidden: a reload then opens the first page.
  }
}

/**
 * Moves the page kept for a form not saved yet (`'new'`) to the instance its first save created, so a reload that
 * continues that instance opens the same page: the visitor may have moved on before the first save came back.
 */
export function adoptStep(formSchemaId: string, formInstanceId: string): void {
  const page = readStep(formSchemaId, null);
  if (page === 0) return;
  writeStep(formSchemaId, formInstanceId, page);
  writeStep(formSchemaId, null, 0);
}

/** Forgets the page of an instance (submitted). */
export function clearStep(formSchemaId: string, formInstanceId: string | null): void {
  writeStep(formSchemaId, formInstanceId, 0);
}
