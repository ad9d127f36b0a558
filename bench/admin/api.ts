/**
 * The HTTP half of the admin benchmark: times list calls against the running server, one after the other, with an
 * administrator's access token (signed by the embedded provider's key, as the provider would issue it).
 */
import { summarise, type Summary } from './stats';

/** A call to time. */
export interface CallSpec {
  /** What the table shows. */
  name: string;
  path: string;
  query: Record<string, string>;
  iterations: number;
  /** Where the call comes from: the spec's screen calls, a discovered endpoint, or one a screen was seen making. */
  origin: 'spec' | 'discovered' | 'observed';
  /** For calls a screen is not known to make: why it is in the table. */
  note?: string;
}

export interface CallResult extends CallSpec {
  status: number;
  latency: Summary;
  samples: number[];
  /** Decoded body bytes (what the client parses). */
  bytes: number;
  /** Content-Length on the wire, when the server compressed or declared it. */
  wireBytes: number | null;
  contentEncoding: string | null;
  /** Items in the answer (array length, or a Paged answer's list length and total). */
  items: string | null;
  /** Screens seen making exactly this call (path and query). */
  screens: string[];
  error?: string;
}

/** Path and query in one canonical form (keys lower-cased and sorted) to match calls up. */
export function callKey(path: string, query: Record<string, string> | URLSearchParams | string): string {
  const params = new URLSearchParams(query);
  const entries = [...params.entries()].map(([k, v]) => [k.toLowerCase(), v.toLowerCase()] as const).sort(([a], [b]) => a.localeCompare(b));
  return `${path.toLowerCase()}?${entries.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

function describeItems(body: unknown): string | null {
  if (Array.isArray(body)) return `${body.length}`;
  if (body && typeof body === 'object') {
    const o = body as { list?: unknown; totalRecCount?: unknown };
    if (Array.isArray(o.list)) return `${o.list.length} of ${String(o.totalRecCount ?? '?')}`;
  }
  return null;
}

/** Times each call: one warm-up, then up to `iterations` calls (fewer when one call series passes 20 s, at least 5). */
export async function measureCalls(
  base: string,
  token: string,
  specs: readonly CallSpec[],
  log: (line: string) => void,
): Promise<CallResult[]> {
  const results: CallResult[] = [];
  for (const spec of specs) {
    const url = `${base}${spec.path}?${new URLSearchParams(spec.query).toString()}`;
    const samples: number[] = [];
    let status = 0;
    let bytes = 0;
    let wireBytes: number | null = null;
    let contentEncoding: string | null = null;
    let items: string | null = null;
    let error: string | undefined;
    const call = async () => {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
      const body = new Uint8Array(await response.arrayBuffer());
      const elapsed = performance.now() - t0;
      status = response.status;
      bytes = body.byteLength;
      const length = response.headers.get('content-length');
      wireBytes = length === null ? null : Number(length);
      contentEncoding = response.headers.get('content-encoding');
      return { elapsed, body };
    };
    try {
      const first = await call();
      try {
        items = describeItems(JSON.parse(new TextDecoder().decode(first.body)));
      } catch {
        items = null;
      }
      const started = performance.now();
      for (let i = 0; i < spec.iterations; i++) {
        samples.push((await call()).elapsed);
        if (i >= 4 && performance.now() - started > 20_000) break;
      }
    } catch (e) {
      error = (e as Error).message;
    }
    const result: CallResult = {
      ...spec,
      status,
      latency: summarise(samples),
      samples,
      bytes,
      wireBytes,
      contentEncoding,
      items,
      screens: [],
      ...(error ? { error } : {}),
    };
    results.push(result);
    log(
      `${spec.name}: HTTP ${status}, p50 ${Math.round(result.latency.p50 ?? NaN)} ms, p95 ${Math.round(result.latency.p95 ?? NaN)} ms, ` +
        `${bytes} B${items ? `, ${items} items` : ''} (n=${samples.length})`,
    );
  }
  return results;
}
