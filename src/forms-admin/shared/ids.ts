import { isGuidText } from '../../domain/odata/ast';
import * as odata from '../../api/odata';
import type { Filter } from '../../api/odata';

/**
 * `field eq id` for an id that comes from outside (a URL, a prop). Ids are GUIDs; any other text (a mistyped or cut
 * link) selects no row, so the screen says "does not exist" instead of failing to build its query.
 */
export function idEquals<T>(field: Parameters<typeof odata.eq<T>>[0], id: string): Filter<T> {
  return isGuidText(id) ? odata.eq<T>(field, odata.guid(id)) : odata.eq<T>(field, null);
}

/** `field ne id`, with the same reading of an id that is not a GUID (every row differs from it). */
export function idDiffers<T>(field: Parameters<typeof odata.ne<T>>[0], id: string): Filter<T> {
  return isGuidText(id) ? odata.ne<T>(field, odata.guid(id)) : odata.ne<T>(field, null);
}
