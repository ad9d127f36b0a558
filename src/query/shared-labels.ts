// The texts live in src/labels; this re-export keeps the existing imports working.
export { sharedLabels, fillLabel } from '../labels/shared-labels';
