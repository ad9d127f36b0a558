/** `/api/FormSchema/*`: checks the form builder asks of the server while a schema is being written. */
import type { CallOptions, Transport } from '../transport';
import type { PatternCheckResult } from '../types';

export type { PatternCheckResult };

/** The FormSchema API. */
export interface FormSchemaApi {
  /**
   * `POST /api/FormSchema/CheckPattern`: whether the server accepts a `pattern` of a schema (it compiles and cannot
   * backtrack catastrophically), as it will judge it when the schema is saved.
   */
  checkPattern(pattern: string, options?: CallOptions): Promise<PatternCheckResult>;
}

/** Creates the FormSchema API over a transport. */
export function createFormSchemaApi(transport: Transport): FormSchemaApi {
  return {
    async checkPattern(pattern, options) {
      const answer = await transport.request<PatternCheckResult>({ method: 'POST', path: '/api/FormSchema/CheckPattern', json: { pattern }, read: 'json', signal: options?.signal });
      // An empty answer is no verdict: the caller treats the pattern as unchecked (the save checks it again).
      if (answer === null) throw new Error('The pattern check answered nothing.');
      return answer;
    },
  };
}
