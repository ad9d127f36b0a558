// The texts live in src/labels; this re-export keeps the existing imports working.
export { formsAdminLabels } from '../labels/forms-admin-labels';
export type { FormsAdminLabelKey } from '../labels/forms-admin-labels';
