// The texts live in src/labels; this re-export keeps the existing imports working.
export { effectivePermissionsLabels } from '../labels/effective-permissions-labels';
