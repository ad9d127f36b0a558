/**
 * The schema rules of a form schema save (the domain's `checkSchemaForSave`: the engine's `checkFormDraft` with the
 * server's ReDoS analysis of every `pattern`), off the server's thread: a form of 2,000 fields takes tens of
 * milliseconds to check (more on a busy machine), which would hold every other request that long. The check runs
 * in a PDF worker thread (worker-tasks.ts, job `schema-check`), the patterns it finds are analysed by `recheck`
 * (patterns.ts, itself off the thread), and only when one of them is refused does a second pass in the worker place
 * the pattern's problem among the others. The route then stores the checked shape without checking it again. A small
 * schema (at most {@link SCHEMA_CHECK_IN_PLACE_MAX_CHARS} characters) is checked on the thread: it takes a few
 * milliseconds there, less than the trip to a worker, and needs no worker started.
 *
 * The widget kinds a layout may name are the built-in ones and the host's declared to the server by their value
 * kinds (`hostWidgetKinds`, `HOST_WIDGET_KINDS=star-rating:number`; {@link setHostWidgetKinds}, which the started
 * server calls with its configuration): a host kind is checked as the value kind it stores, and a kind neither built
 * in nor declared is refused with a sentence naming the field and the known kinds (400 `schema-binding`).
 */
import type { FormDraft } from '../../../src/engine';
import { withDeclaredWidgetKinds, type WidgetValueKind } from '../../../src/engine/widget-kinds';
import { DomainError } from '../../../src/domain/errors';
import { schemaProblemsAndPatterns, schemaProblemsRefusal, schemaShapeJson, type CheckedSchemaShape } from '../../../src/domain/forms';
import type { JsonRecord } from '../../../src/domain';
import { PdfParseAbort, pdfWorkers, type PdfWorkerPool } from '../pdf/worker';
import { analysePatterns } from './patterns';
import { nextTurn } from '../db/byte-parts';

/** Longest time one pass of the check may run in its worker, ms (a 2,000-field form takes well under a second). */
export const SCHEMA_CHECK_TIMEOUT_MS = 10_000;

/**
 * The largest shape (characters of its `schemaShapeJson`) checked on the server's thread: some 100 fields, a few
 * milliseconds of the rules; anything larger goes to a worker.
 */
export const SCHEMA_CHECK_IN_PLACE_MAX_CHARS = 32 * 1024;

/** The problem code of a check that could not run (the workers busy, or the check cut short). */
export const SCHEMA_CHECK_UNAVAILABLE_CODE = 'schema-check-unavailable';

/** Host widget kinds by their value kinds, as declared to the server. */
export type HostWidgetKinds = Readonly<Record<string, WidgetValueKind>>;

let hostKinds: HostWidgetKinds | null = null;

/**
 * Sets the host widget kinds every schema save of this process is checked with (the started server calls it with
 * its `hostWidgetKinds`); throws a `TypeError` for a declaration the engine refuses. Answers the function that puts
 * back the kinds set before, which the server calls when it stops.
 */
export function setHostWidgetKinds(declared: HostWidgetKinds | null): () => void {
  withDeclaredWidgetKinds(declared);
  const before = hostKinds;
  const set = declared && Object.keys(declared).length > 0 ? { ...declared } : null;
  hostKinds = set;
  return () => {
    if (hostKinds === set) hostKinds = before;
  };
}

/** The host widget kinds schema saves are checked with now (null: the built-in kinds only). */
export function hostWidgetKinds(): HostWidgetKinds | null {
  return hostKinds;
}

async function pass(pool: PdfWorkerPool, shapeJson: string, verdicts: ReadonlyMap<string, string | null> | null, declared: HostWidgetKinds | null) {
  try {
    return await pool.run('schema-check', { shapeJson, verdicts, hostWidgetKinds: declared }, SCHEMA_CHECK_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof PdfParseAbort)) throw error;
    // A schema within the documented limits is checked in well under the time limit: running out of it, or finding
    // every worker busy, is the server's load, not the schema's fault.
    throw new DomainError(503, 'The server is too busy to check this form schema now. Save it again in a minute.', {
      code: SCHEMA_CHECK_UNAVAILABLE_CODE,
    });
  }
}

export { nextTurn };

/**
 * Checks `shape`, read from `body`, as `checkSchemaForSave` does, off the server's thread; throws its refusal (the
 * same status, `detail`, `code` and `problems`), else answers the receipt the domain's schema readers take instead of
 * checking again. `json` is the shape's `schemaShapeJson` when the caller has it (else it is written here, a turn of
 * the event loop before the shape goes to the worker as that text). `declared` is the host widget kinds the layout
 * may name besides the built-in ones (default: those {@link setHostWidgetKinds} set).
 */
export async function checkSchemaShape(
  body: JsonRecord,
  shape: FormDraft,
  json?: string,
  pool: PdfWorkerPool = pdfWorkers(),
  declared: HostWidgetKinds | null = hostKinds,
): Promise<CheckedSchemaShape> {
  const widgets = withDeclaredWidgetKinds(declared);
  let shapeJson = json;
  if (shapeJson === undefined) {
    await nextTurn();
    shapeJson = schemaShapeJson(shape);
  }
  const text = shapeJson;
  const run = (verdicts: ReadonlyMap<string, string | null> | null) =>
    text.length <= SCHEMA_CHECK_IN_PLACE_MAX_CHARS ? schemaProblemsAndPatterns(shape, verdicts, widgets) : pass(pool, text, verdicts, declared);
  const first = await run(null);
  let problems = first.problems;
  if (first.patterns.length > 0) {
    const judge = await analysePatterns(first.patterns);
    const verdicts = new Map(first.patterns.map((p) => [p, judge(p, 'pattern') ?? null] as const));
    if ([...verdicts.values()].some((v) => v !== null)) problems = (await run(verdicts)).problems;
  }
  const refusal = schemaProblemsRefusal(problems);
  if (refusal) throw refusal;
  return { body, shape, json: shapeJson };
}
