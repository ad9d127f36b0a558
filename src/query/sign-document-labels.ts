// The texts live in src/labels; this re-export keeps the existing imports working.
export { signDocumentLabels } from '../labels/sign-document-labels';
