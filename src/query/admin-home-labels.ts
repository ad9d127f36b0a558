// The texts live in src/labels; this re-export keeps the existing imports working.
export { adminHomeLabels } from '../labels/admin-home-labels';
