import { CLAIM_DESCRIPTIONS } from '../domain/claim-descriptions';

/** The label key of a claim's description: `claim_` and the claim's key, e.g. `claim_Form_Add`. */
export type ClaimDescriptionKey = `claim_${keyof typeof CLAIM_DESCRIPTIONS}`;

/**
 * The claim catalogue's descriptions as texts of the pack, `claim_<key>` (English: src/domain/claim-descriptions.ts,
 * what the reference server and the test fake answer). A permission screen shows the text of the pack in force for a
 * claim whose description from the server is this English default; a description a backend words itself is shown as
 * it comes ({@link localClaimDescription}).
 */
export const claimDescriptionLabels = /* @__PURE__ */ (() =>
  Object.fromEntries(Object.entries(CLAIM_DESCRIPTIONS).map(([key, text]) => [`claim_${key}`, text])) as Record<ClaimDescriptionKey, string>)();

/**
 * The description of claim `key` to show: the pack's `claim_<key>` text when the server's `description` is the English
 * default (or missing), else the server's own words.
 */
export function localClaimDescription(
  key: string,
  description: string | null | undefined,
  labels: Readonly<Partial<Record<ClaimDescriptionKey, string>>>,
): string | null | undefined {
  const english = (CLAIM_DESCRIPTIONS as Readonly<Record<string, string>>)[key];
  if (english === undefined || (description && description !== english)) return description;
  return labels[`claim_${key}` as ClaimDescriptionKey] ?? description;
}
