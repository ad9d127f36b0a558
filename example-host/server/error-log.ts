/**
 * What the log says about an unexpected error, without the request's data. A failed database
 * query's message and stack carry its SQL and every parameter (form data, names, link tokens), and
 * PostgreSQL's own messages may quote a value (`invalid input syntax for type uuid: "…"`). So for a
 * database error only its SQLSTATE code, its message with quoted values masked, and the stack frames
 * are kept; other errors keep their message and stack.
 */

/** A database error as the drivers raise it: a SQLSTATE `code`, perhaps wrapped by drizzle (`query`, `params`, `cause`). */
interface DatabaseErrorLike {
  code?: unknown;
  message?: unknown;
}

/** Whether an error is drizzle's wrapper of a failed query (its message lists the SQL and the parameters). */
function isQueryError(error: Error): boolean {
  return 'params' in error && 'query' in error;
}

function isDatabaseError(error: unknown): error is Error & DatabaseErrorLike {
  return error instanceof Error && typeof (error as DatabaseErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test(String((error as DatabaseErrorLike).code));
}

/** A database message with every quoted value (`"…"`, `'…'`) masked. */
export function maskQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
}

/** The stack's frames (`at …` lines) without the message lines above them. */
function frames(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** The log fields of an unexpected error: `msg` (never empty), `stack`, and `sqlState` for a database error. */
export function errorLogFields(error: unknown): { msg: string; stack?: string; sqlState?: string } {
  if (!(error instanceof Error)) return { msg: `A non-error was thrown (${typeof error}).` };
  if (isQueryError(error) || isDatabaseError(error)) {
    const cause = isDatabaseError(error) ? error : isDatabaseError((error as { cause?: unknown }).cause) ? (error.cause as Error & DatabaseErrorLike) : null;
    const detail = cause && typeof cause.message === 'string' && cause.message !== '' ? `: ${maskQuotedValues(cause.message)}` : '.';
    return {
      msg: `A database query failed${detail}`,
      stack: frames(error),
      ...(cause ? { sqlState: String(cause.code) } : {}),
    };
  }
  return { msg: error.message || error.name, ...(error.stack ? { stack: error.stack } : {}) };
}

/** An error's message, or for a message-less object its name and errno (what PGlite's file system raises). */
export function describeError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; name?: unknown; errno?: unknown; code?: unknown };
  if (typeof e.message === 'string' && e.message !== '') return e.message;
  const name = typeof e.name === 'string' && e.name !== '' ? e.name : typeof error === 'object' ? 'an error without a message' : String(error);
  const details = [e.code === undefined ? null : `code ${String(e.code)}`, e.errno === undefined ? null : `errno ${String(e.errno)}`].filter(Boolean);
  return details.length > 0 ? `${name} (${details.join(', ')})` : name;
}
