/**
 * The JSON body of a change request, read with the domain's rules: 415 unless JSON, 413 when larger
 * than the domain's limit for change bodies, 400 unless a JSON object.
 */
import type { Context } from 'hono';
import {
  checkJsonContentType,
  MAX_CHANGE_BODY_BYTES,
  parseJsonText,
  requireJsonObject,
  type JsonRecord,
} from '../../../src/domain';

/** The request's JSON body of a change, which must be an object. */
export async function readChangeBody(c: Context): Promise<JsonRecord> {
  checkJsonContentType(c.req.header('content-type'));
  return requireJsonObject(parseJsonText(await c.req.text(), MAX_CHANGE_BODY_BYTES));
}
