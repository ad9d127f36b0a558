/**
 * The library's texts: the English pack (its default) and what every pack shares. The German and French packs are
 * entries of their own (`@ccq/forms-admin/locales/de`, `…/fr`), so a host that does not import them never carries them.
 */
export { englishLabels, resolveLabels, fillLabel } from './english';
export type { Labels } from './english';
