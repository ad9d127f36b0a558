// The texts live in src/labels; this re-export keeps the existing imports working.
export { formViewerLabels } from '../labels/forms-labels';
export type { FormViewerLabelKey } from '../labels/forms-labels';
