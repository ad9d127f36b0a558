// The texts live in src/labels; this re-export keeps the existing imports working.
export { builderSaveLabels } from '../labels/builder-save-labels';
