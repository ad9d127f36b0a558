/**
 * What every change of a holder's permissions needs from its store, whatever it changes (claims, claim groups,
 * members): the holders' names, a word that effective claims changed, and the change history. Each use case's own
 * store extends {@link HolderStore} with the rows it changes.
 */
import { checkAccessChange, unknownHolderError, type AccessChange, type AccessModel, type HistoryEntry, type HolderKind } from '../domain';

/** The reads and writes every permission change needs; every method works inside the caller's transaction. */
export interface HolderStore {
  /** The names of the live holders of `kind` among `ids`, by id (an unknown or deleted id is left out). */
  holderNames(kind: HolderKind, ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** The effective claims of the users these holders reach changed (called once, and only when something was stored). */
  claimsChanged(kind: HolderKind, holderIds: readonly string[]): Promise<void>;
  /** Stores change-history entries. */
  recordHistory(entries: readonly HistoryEntry[]): Promise<void>;
  /**
   * The stored access the domain's guards check `change` against, read under the write's locks; null when the write's
   * locks already show that the change cannot take access away (nothing to check).
   */
  accessModel(change: AccessChange): Promise<AccessModel | null>;
}

/**
 * The access guards of a change of access (the domain's `checkAccessChange`: the last administrator stays, built-in
 * groups are neither deleted nor emptied): 409 with the reason, before anything is stored.
 */
export async function guardAccess(store: Pick<HolderStore, 'accessModel'>, change: AccessChange): Promise<void> {
  const model = await store.accessModel(change);
  if (model) checkAccessChange(model, change);
}

/**
 * The names of holders `ids` of `kind`, in the order of `ids`; refuses (404, naming `field`, the body field the ids
 * came from) the first id that is no live holder.
 */
export async function requireHolders(
  store: Pick<HolderStore, 'holderNames'>,
  kind: HolderKind,
  ids: readonly string[],
  field: string,
): Promise<Map<string, string>> {
  const found = await store.holderNames(kind, ids);
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw unknownHolderError(kind, missing, field);
  return new Map(ids.map((id) => [id, found.get(id) ?? id]));
}
