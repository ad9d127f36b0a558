/**
 * The library's texts, where they were first written: they now live in src/labels (the English pack,
 * `englishLabels`); these re-exports keep the existing imports working. `defaultLabels` is the English pack under the
 * name the library first exported it by.
 */
export { englishLabels, englishLabels as defaultLabels, resolveLabels, fillLabel } from '../labels/english';
export type { Labels } from '../labels/english';
