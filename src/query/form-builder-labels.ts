// The texts live in src/labels; this re-export keeps the existing imports working.
export { formBuilderLabels } from '../labels/form-builder-labels';
