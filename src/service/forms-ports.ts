/**
 * The ports of the forms use cases (src/service/forms.ts): the store of the four forms entities as versioned rows,
 * the schema check of a save, and the bounds and links of anonymous visitors. The test fake implements them over its
 * in-memory db (src/testing/forms-model.ts), the reference server over drizzle (example-host/server/forms/store.ts).
 */
import type { CrudEntities, CrudEntityName, FormInstance, FormSchema } from '../contract/types';
import type { FormInstanceStatus } from '../contract/enums';
import type { FormDraft } from '../engine';
import type { JsonRecord } from '../domain';
import type { CheckedSchemaShape, FormLinkMode } from '../domain/forms';

/** A row with its version (the `ETag` of its answers, the `If-Match` of its patches). */
export interface Versioned<T> {
  row: T;
  version: number;
}

/** A row of one of the four forms entities, by its name in `/api/crud/{entity}/…`. */
export type FormsRow<K extends CrudEntityName = CrudEntityName> = CrudEntities[K];

/**
 * The table operations of the forms entities: reads by key, versioned inserts and updates, removals. What a write
 * changes, the version it gives a row and when, and what is recorded are the use cases' (src/service/forms.ts). Every
 * method works inside the caller's transaction when it is given one ({@link FormsStorage.transaction}); ids are
 * compared as the backend stores them (lower-case UUIDs).
 */
export interface FormsStore {
  /** The row of `entity` with id `id` and its version, or undefined; `lock` holds it until the transaction ends. */
  find<K extends CrudEntityName>(entity: K, id: string, lock?: boolean): Promise<Versioned<FormsRow<K>> | undefined>;
  /** A form's schema of the newest version (its id and version), or undefined when it has none. */
  newestSchema(formId: string): Promise<Pick<FormSchema, 'formSchemaId' | 'version'> | undefined>;
  /** Whether any instance uses a schema version. */
  schemaUsed(formSchemaId: string): Promise<boolean>;
  /** Stores a new row, version 1; `createdBy` is the signed-in user who created it (null: an anonymous visitor). */
  insert<K extends CrudEntityName>(entity: K, row: FormsRow<K>, createdBy: string | null): Promise<void>;
  /** Writes `values` into the row `id` of `entity` and gives it the version `version`. */
  update<K extends CrudEntityName>(entity: K, id: string, values: Partial<FormsRow<K>>, version: number): Promise<void>;
  /** Writes `values` into every row of `entity` whose `column` is `value`, their versions unchanged (bookkeeping). */
  updateWhere<K extends CrudEntityName>(entity: K, column: keyof FormsRow<K> & string, value: string, values: Partial<FormsRow<K>>): Promise<void>;
  /**
   * Removes a row and what it owns: a form its schemas and PDF template, a schema its instances, an instance its
   * signing envelopes (with their documents) and link tokens.
   */
  remove(entity: CrudEntityName, id: string): Promise<void>;
  /** Records a change of an instance's status (removed with the instance). */
  recordStatusChange(change: StatusChangeRecord): Promise<void>;
  /** Every status change of an instance, oldest first, with the name of who made each (null: no such user). */
  statusHistory(formInstanceId: string): Promise<(StatusChangeRecord & { changedByName: string | null })[]>;
}

/** A change of an instance's status as a use case records it; `changedBy`: the signed-in user (null: a visitor). */
export interface StatusChangeRecord {
  formInstanceId: string;
  fromStatus: FormInstanceStatus | null;
  toStatus: FormInstanceStatus;
  changedBy: string | null;
  changedDateTime: Date;
}

/** A {@link FormsStore} outside any transaction, that can open one. */
export interface FormsStorage extends FormsStore {
  /** Runs `work` in one transaction (the test fake: at once, over the same store); its rows' locks end with it. */
  transaction<T>(work: (store: FormsStore) => Promise<T>): Promise<T>;
}

/** The schema rules of a form schema save (the domain's `checkSchemaForSave`), where the backend runs them. */
export interface SchemaChecks {
  /**
   * Checks `shape`, read from `body`; throws the refusal, else answers the receipt that the schema readers store
   * without checking again. `json` is the shape's `schemaShapeJson` when the caller has it.
   */
  check(body: JsonRecord, shape: FormDraft, json?: string): Promise<CheckedSchemaShape>;
  /** Lets other work run between two heavy steps of a large save (the server: a turn of its event loop). */
  pause(): Promise<void>;
}

/** The place an anonymous visitor's new instance holds within their bounds, until it is stored or given up. */
export interface NewInstancePlace {
  commit(formInstanceId: string): void | Promise<void>;
  cancel(): void | Promise<void>;
}

/**
 * The bounds of anonymous writes for one caller and one request (the domain's `AnonymousWriteLimiter`): each refuses
 * with 429 and the wait. A backend without bounds passes none.
 */
export interface AnonymousWrites {
  /** Counts this request's write against the caller and the schema. */
  write(formSchemaId: string): Promise<void>;
  /** Holds the place of a new instance of the schema (a draft or not) among the caller's. */
  beginNew(formSchemaId: string, isDraft: boolean): Promise<NewInstancePlace>;
}

/** Public links of form instances. */
export interface FormLinks {
  /** A new link token of `mode` for `instance`, stored (only the backend knows how) until it expires. */
  issue(instance: Pick<FormInstance, 'formInstanceId' | 'formSchemaId'>, mode: FormLinkMode): Promise<string>;
}
