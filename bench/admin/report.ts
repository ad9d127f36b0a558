/** The admin benchmark's table: each figure beside its goal (docs/decisions.md, Scale of the permission screens), with PASS or GAP. */
import type { CallResult } from './api';
import type { BrowserResults, ScreenResult } from './browser';
import type { ClaimsResult } from './claims';
import { bytes, ms, summarise, type Summary } from './stats';

/** The goals of the permission screens at scale on a 2-core machine. */
export const GOALS = {
  keystrokeMs: 50,
  pickerUsableMs: 300,
  callP95Ms: 100,
  callBytes: 200_000,
  effectiveClaimsMs: 5,
} as const;

export type Verdict = 'PASS' | 'GAP' | 'n/a' | 'NOT MEASURED';

export interface Figure {
  section: string;
  name: string;
  p50: number | null;
  worst: number | null;
  n: number;
  goal: string;
  verdict: Verdict;
  detail?: string;
}

const verdictOf = (value: number | null, limit: number): Verdict =>
  value === null ? 'NOT MEASURED' : value <= limit ? 'PASS' : 'GAP';

function pad(text: string, width: number, right = false): string {
  if (text.length >= width) return text;
  return right ? text.padStart(width) : text.padEnd(width);
}

function table(header: string[], rows: string[][], rightAligned: number[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] as number, rightAligned.includes(i))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Whether a call's row is judged: the screens were seen making it (or, without a browser run, the spec says so). */
export function isScreenCall(call: CallResult, browserRan: boolean): boolean {
  return call.screens.length > 0 || (!browserRan && call.origin === 'spec' && !call.note);
}

export function callVerdict(call: CallResult, browserRan: boolean): Verdict {
  if (call.error || call.status !== 200) return 'NOT MEASURED';
  if (!isScreenCall(call, browserRan)) return 'n/a';
  return (call.latency.p95 ?? Infinity) <= GOALS.callP95Ms && call.bytes <= GOALS.callBytes ? 'PASS' : 'GAP';
}

/** Figures of one screen: usable picker, keystrokes, panel. */
export function screenFigures(screen: ScreenResult, panelName: string): Figure[] {
  const measured = screen.runs.filter((r) => !r.warmup);
  const usable = measured.map((r) => r.usableMs).filter((v): v is number => v !== null);
  const enabled = measured.map((r) => r.enabledAtMs).filter((v): v is number => v !== null);
  const keys = measured.flatMap((r) => r.keystrokes.map((k) => k.ms)).filter((v): v is number => v !== null);
  const keyCount = measured.reduce((n, r) => n + r.keystrokes.length, 0);
  const panels = measured.map((r) => r.panelMs).filter((v): v is number => v !== null);
  const u: Summary = summarise(usable);
  const e: Summary = summarise(enabled);
  const k: Summary = summarise(keys);
  const p: Summary = summarise(panels);
  const options = measured.flatMap((r) => r.keystrokes.map((x) => x.options)).filter((v): v is number => v !== null);
  return [
    {
      section: screen.title,
      name: 'navigation → picker usable (enabled + options shown on open)',
      p50: u.p50,
      worst: u.max,
      n: u.n,
      goal: `≤ ${GOALS.pickerUsableMs} ms`,
      verdict: verdictOf(u.p50, GOALS.pickerUsableMs),
      detail: `input enabled at p50 ${ms(e.p50)}`,
    },
    {
      section: screen.title,
      name: 'keystroke → filtered options painted',
      p50: k.p50,
      worst: k.max,
      n: k.n,
      goal: `≤ ${GOALS.keystrokeMs} ms`,
      verdict: keys.length < keyCount ? (keys.length ? 'GAP' : 'NOT MEASURED') : verdictOf(k.max, GOALS.keystrokeMs),
      detail: `${keyCount - keys.length} of ${keyCount} keystrokes unmeasured; options shown ${options.length ? `${Math.min(...options)}–${Math.max(...options)}` : '—'}`,
    },
    {
      section: screen.title,
      name: `choose → '${panelName}' shows its permissions`,
      p50: p.p50,
      worst: p.max,
      n: p.n,
      goal: 'none set (issue: 320 ms today)',
      verdict: p.n ? 'n/a' : 'NOT MEASURED',
    },
  ];
}

export function claimsFigure(claims: ClaimsResult): Figure {
  return {
    section: 'Effective claims',
    name: `uncached, user → group → ${claims.nesting} nested levels`,
    p50: claims.uncached.p50,
    worst: claims.uncached.max,
    n: claims.uncached.n,
    goal: `≤ ${GOALS.effectiveClaimsMs} ms`,
    verdict: claims.reachesEveryLevel ? verdictOf(claims.uncached.p50, GOALS.effectiveClaimsMs) : 'NOT MEASURED',
    detail:
      `${claims.claimCount} claims; cache cleared with ${claims.clearedWith}` +
      (claims.warmups?.length
        ? `; warm-up: first call after start ${ms(claims.warmups[0] ?? null)}, p50 ${ms(summarise(claims.warmups).p50)} over ${claims.warmups.length} calls`
        : '') +
      (claims.load ? `; load graph p50 ${ms(claims.load.p50)}` : '') +
      (claims.compute ? `, compute p50 ${ms(claims.compute.p50)}` : ''),
  };
}

/** The whole printed report. */
export function renderReport(input: {
  heading: string;
  calls: CallResult[];
  browser: BrowserResults | null;
  figures: Figure[];
  notMeasured: string[];
}): string {
  const browserRan = input.browser !== null;
  const out: string[] = [input.heading, ''];
  out.push('API calls (sequential, administrator token; p50/p95 over n calls after one warm-up; bytes = decoded body)');
  out.push(
    table(
      ['call', 'seen on', 'items', 'n', 'p50', 'p95', 'bytes', `goal ≤${GOALS.callP95Ms} ms p95, ≤${GOALS.callBytes / 1000} kB`],
      input.calls.map((c) => [
        `${c.name}${c.note ? ` [${c.note}]` : ''}`,
        c.screens.length ? c.screens.join(',') : browserRan ? '—' : '(spec)',
        c.items ?? (c.error ? `error: ${c.error}` : c.status === 200 ? '' : `HTTP ${c.status}`),
        String(c.latency.n),
        ms(c.latency.p50),
        ms(c.latency.p95),
        bytes(c.bytes) + (c.contentEncoding ? ` (${bytes(c.wireBytes)} ${c.contentEncoding})` : ''),
        callVerdict(c, browserRan),
      ]),
      [3, 4, 5, 6],
    ),
  );
  const screenCalls = input.calls.filter((c) => isScreenCall(c, browserRan));
  const gaps = screenCalls.filter((c) => callVerdict(c, browserRan) === 'GAP');
  out.push(
    `=> calls the screens make: ${screenCalls.length}; ${gaps.length ? `GAP (${gaps.length} over the goal)` : screenCalls.length ? 'PASS (all within the goal)' : 'NOT MEASURED'}`,
  );
  out.push('');
  out.push('Screens and effective claims (browser figures: page clock, p50 / worst of the measured runs)');
  out.push(
    table(
      ['figure', 'n', 'p50', 'worst', 'goal', 'verdict', 'detail'],
      input.figures.map((f) => [
        `${f.section}: ${f.name}`,
        String(f.n),
        ms(f.p50),
        ms(f.worst),
        f.goal,
        f.verdict,
        f.detail ?? '',
      ]),
      [1, 2, 3],
    ),
  );
  if (input.notMeasured.length) {
    out.push('', 'Not measured / problems:');
    for (const line of input.notMeasured) out.push(`  - ${line}`);
  }
  return out.join('\n');
}
