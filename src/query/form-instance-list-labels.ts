// The texts live in src/labels; this re-export keeps the existing imports working.
export { instanceStatusLabels, formInstanceListLabels } from '../labels/form-instance-list-labels';
