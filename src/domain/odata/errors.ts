/** The one error of the OData rules: a malformed query or one over a limit, answered 400. */
import { DomainError } from '../errors';

/** The query option a problem was found in. */
export type ODataOption = '$filter' | '$select' | '$orderby' | '$top' | '$skip' | '$count' | '$expand' | '$search';

/** Where in the query string a syntax problem is. */
export interface ODataErrorLocation {
  /** The option (`$filter`, …); for a nested option inside `$expand`, `$expand`. */
  option?: ODataOption;
  /** Offset (0-based) of the problem in the option's value. */
  position?: number;
}

/**
 * A malformed OData query, or one over a limit. Status 400; `detail` names the problem (and, for
 * syntax errors, the option and position), e.g. "Unknown function 'foo' at position 12 of $filter.".
 * Both backends answer it as problem details, with `option` and `position` as extension members.
 */
export class ODataError extends DomainError {
  override name = 'ODataError';

  constructor(detail: string, location: ODataErrorLocation = {}) {
    const extensions: Record<string, unknown> = {};
    if (location.option !== undefined) extensions.option = location.option;
    if (location.position !== undefined) extensions.position = location.position;
    super(400, detail, extensions);
  }
}
