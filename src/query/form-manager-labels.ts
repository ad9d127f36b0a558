// The texts live in src/labels; this re-export keeps the existing imports working.
export { formManagerLabels } from '../labels/form-manager-labels';
export type { FormManagerLabelKey } from '../labels/form-manager-labels';
