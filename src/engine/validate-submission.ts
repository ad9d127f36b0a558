/**
 * The check of submitted data that the reference server and the test fake run: the same engine as the browser, so
 * the rules (visibility, requiredness, computed values) and the messages cannot drift apart.
 */
import type { FormSchema, JsonObject } from '../contract/types';
import { compileFormSchema } from './compile';
import { createFormEngine, type FormCheckResult } from './engine';
import { checkDataLimits } from './limits';
import type { ValidationMessages } from './messages';
import type { WidgetKindRegistry } from './widget-kinds';

/** Options of {@link validateSubmission}. */
export interface ValidateSubmissionOptions {
  messages?: Partial<ValidationMessages>;
  /** The widget kinds the layout uses (default the built-in ones; a host's kinds merged by `withWidgetKinds`). */
  widgets?: WidgetKindRegistry;
}

/**
 * Checks `data` against a form schema as a submit in the browser would: hidden fields are neither required nor
 * validated (and are dropped from the returned `data`), computed values are recomputed, and every problem comes back
 * with its data path and a human message. Pure: the schema is compiled once per version and nothing is kept.
 * Throws {@link FormLimitError} for data that is not an object, too large, too deep, or carries `__proto__`,
 * `constructor` or `prototype` keys (answer 400, or 413 for size), and for a schema over the limits.
 */
export function validateSubmission(schema: FormSchema, data: unknown, options: ValidateSubmissionOptions = {}): FormCheckResult {
  checkDataLimits(data);
  const compiled = compileFormSchema(schema, { widgets: options.widgets });
  const engine = createFormEngine(schema, { compiled, data: data as JsonObject, messages: options.messages });
  return engine.check();
}
