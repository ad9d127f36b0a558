// The texts live in src/labels; this re-export keeps the existing imports working.
export { pdfFormsLabels } from '../labels/pdf-forms-labels';
export type { PdfFormsLabelKey } from '../labels/pdf-forms-labels';
