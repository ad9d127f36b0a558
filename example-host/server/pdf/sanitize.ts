/**
 * The domain's template rule (src/domain/pdf/sanitize.ts) applied to a document loaded with @libpdf/core: actions
 * that run or launch anything removed, and every field's value cleared. Pure functions over a loaded `PDF`, so the
 * parse worker (at import), the filler (before writing answers) and the sealer (before signing) each call them on the
 * document they already hold, in whichever thread they run.
 */
import { PdfDict, type FormField, type PDF, type PdfObject, type PdfRef } from '@libpdf/core';
import type { PdfClearedValue, PdfField, PdfImportCleanup, PdfRemovedAction } from '../../../src/api/types';
import { isTemplateValue, sanitizePdfDocument, type PdfDocumentView, type PdfObjectView } from '../../../src/domain/pdf/sanitize';

const FIELD_TYPES: Readonly<Record<string, PdfField['type'] | undefined>> = {
  text: 'text',
  checkbox: 'checkbox',
  radio: 'radio',
  dropdown: 'dropdown',
  listbox: 'optionList',
};

/** The document as the domain's walk reads it. */
export function pdfDocumentView(document: PDF): PdfDocumentView {
  const resolve = (object: PdfObjectView | undefined): PdfObjectView | undefined =>
    object?.type === 'ref' ? (document.getObject(object as PdfRef) ?? undefined) : object;
  return {
    catalog: document.getCatalog(),
    pages: document.getPages().map((page) => page.dict),
    resolve,
  };
}

/** Removes every action that runs or launches anything (the domain's rule); answers what was removed. */
export function stripPdfActions(document: PDF): PdfRemovedAction[] {
  return sanitizePdfDocument(pdfDocumentView(document));
}

/** Whether a button field's widgets show a state other than Off (a box drawn ticked whatever `/V` says). */
function showsOnState(field: FormField): boolean {
  return field.getWidgets().some((w) => {
    const state = w.appearanceState;
    return state !== null && state !== 'Off';
  });
}

/**
 * Clears the value of every field that has one, and the default value a form reset would bring back, drawing each
 * cleared field empty; answers the fields that had a value. Signature fields and push buttons hold no value and are
 * left alone; read-only fields are cleared too (a template holds no answers, and nobody can give one there).
 */
export function clearPdfFieldValues(document: PDF): PdfClearedValue[] {
  const form = document.getForm();
  if (!form) return [];
  const cleared: PdfClearedValue[] = [];
  const resolve = (object: PdfObject | undefined) => (object?.type === 'ref' ? (document.getObject(object) ?? undefined) : object);
  for (const field of form.getFields()) {
    const type = FIELD_TYPES[field.type];
    if (type === undefined || !('resetValue' in field)) continue;
    let value: unknown;
    try {
      value = field.getValue();
    } catch {
      value = undefined;
    }
    const hadValue = isTemplateValue(value);
    // /DV and /RV on the field or a parent it inherits them from.
    let hasDefault = false;
    for (let node: PdfObject | undefined = field.acroField(), depth = 0; node instanceof PdfDict && depth < 64; depth++) {
      if (node.has('DV') || node.has('RV')) hasDefault = true;
      node = resolve(node.get('Parent'));
    }
    const buttonShowsOn = (type === 'checkbox' || type === 'radio') && showsOnState(field);
    // A /V the reader does not count as a value (an empty state name `/`, a stray value) is removed all the same.
    const raw = resolve(field.acroField().get('V'));
    const rawValue = raw !== undefined && !(raw.type === 'name' && raw.value === 'Off') && !(raw.type === 'string' && raw.bytes.length === 0);
    if (!hadValue && !hasDefault && !buttonShowsOn && !rawValue) continue;
    for (let node: PdfObject | undefined = field.acroField(), depth = 0; node instanceof PdfDict && depth < 64; depth++) {
      node.delete('DV');
      node.delete('RV');
      node = resolve(node.get('Parent'));
    }
    try {
      (field as FormField & { resetValue(): void }).resetValue();
    } catch {
      // A field whose appearance cannot be drawn again keeps no value and shows no state.
      field.acroField().delete('V');
    }
    if (type === 'checkbox' || type === 'radio') {
      for (const widget of field.getWidgets()) if (widget.appearanceState !== null && widget.appearanceState !== 'Off') widget.setAppearanceState('Off');
    }
    if (hadValue || buttonShowsOn) cleared.push({ field: field.name, type });
  }
  return cleared;
}

/** Both rules on `document`, in place: actions removed, values cleared. */
export function cleanPdfTemplate(document: PDF): PdfImportCleanup {
  const removedActions = stripPdfActions(document);
  const clearedValues = clearPdfFieldValues(document);
  return { clearedValues, removedActions };
}
