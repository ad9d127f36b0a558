// The texts live in src/labels; this re-export keeps the existing imports working.
export { historyLabels } from '../labels/history-labels';
