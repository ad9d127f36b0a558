/**
 * The renderer bench's figures: medians per peer and size, our/peer ratios, the renderer goals (docs/decisions.md) judged PASS or
 * GAP, and the printed table.
 */
import { bytes, ms, percentile } from '../admin/stats';
import type { PageBuild } from './build';
import type { Sample } from './measure';
import type { ServerResult } from './server';

/** A renderer under test: its page (pages/{page}.tsx) and the name the table shows. */
export interface Peer {
  key: string;
  name: string;
}

export const OURS = 'ours';
export const FLOOR = 'floor';
export const RJSF = 'rjsf';

export const PEERS: Peer[] = [
  { key: OURS, name: 'ours (FormRenderer)' },
  { key: RJSF, name: '@rjsf/mantine' },
  { key: 'jsonforms', name: 'JSON Forms vanilla' },
  { key: 'survey', name: 'SurveyJS' },
  { key: FLOOR, name: 'Mantine floor' },
];

/** The medians of one peer at one size. */
export interface Figures {
  firstPaintMs: number | null;
  allInteractiveMs: number | null;
  keystrokeMs: number | null;
  heapGrowthBytes: number | null;
  domNodes: number | null;
  pageJsGzip: number | null;
}

export interface Row {
  peer: string;
  n: number;
  /** Field controls of the fully mounted page (what "all fields interactive" waits for). */
  controls: number | null;
  samples: Sample[];
  figures: Figures;
}

export interface Goal {
  goal: string;
  ours: string;
  reference: string;
  verdict: 'PASS' | 'GAP' | 'NOT MEASURED';
  note?: string;
}

const med = (xs: (number | null)[]): number | null => percentile(xs.filter((x): x is number => x !== null), 50);

/** Medians over the repetitions (keystrokes pooled: every keystroke of every run). */
export function figuresOf(samples: Sample[], build: PageBuild | undefined): Figures {
  return {
    firstPaintMs: med(samples.map((s) => s.firstPaintMs)),
    allInteractiveMs: med(samples.map((s) => s.allInteractiveMs)),
    keystrokeMs: med(samples.flatMap((s) => s.keystrokeMs)),
    heapGrowthBytes: med(samples.map((s) => s.heapGrowthBytes)),
    domNodes: med(samples.map((s) => s.domNodes)),
    pageJsGzip: build?.jsGzip ?? null,
  };
}

const COLUMNS: { key: keyof Figures; title: string; format: (v: number | null) => string }[] = [
  { key: 'firstPaintMs', title: 'first paint', format: ms },
  { key: 'allInteractiveMs', title: 'all interactive', format: ms },
  { key: 'keystrokeMs', title: 'keystroke CPU', format: ms },
  { key: 'heapGrowthBytes', title: 'heap growth', format: bytes },
  { key: 'domNodes', title: 'DOM nodes', format: (v) => (v === null ? '—' : String(v)) },
  { key: 'pageJsGzip', title: 'page JS gz', format: bytes },
];

/** ours ÷ peer, as "0.25×". */
function ratio(ours: number | null, peer: number | null): string {
  if (ours === null || peer === null || peer === 0) return '';
  const r = ours / peer;
  return `${r < 0.1 ? r.toFixed(3) : r.toFixed(2)}×`;
}

const find = (rows: Row[], peer: string, n: number) => rows.find((r) => r.peer === peer && r.n === n);

/** The renderer goals, judged at the largest size measured (1000 in a full run). */
export function judgeGoals(rows: Row[], sizes: number[], viewerPage: PageBuild | undefined, server: ServerResult | null, serverSkipped = 'not run'): Goal[] {
  const n = Math.max(...sizes);
  const small = Math.min(...sizes);
  const at = n === 1000 ? '' : ` (judged at N=${n}; the goal is at 1000)`;
  const ours = find(rows, OURS, n)?.figures;
  const floor = find(rows, FLOOR, n)?.figures;
  const rjsf = find(rows, RJSF, n)?.figures;
  const goals: Goal[] = [];
  const judge = (goal: string, value: number | null | undefined, limit: number | null | undefined, format: (v: number | null) => string, reference: string) => {
    const measured = value !== null && value !== undefined && limit !== null && limit !== undefined;
    goals.push({
      goal: goal + at,
      ours: format(value ?? null),
      reference: measured ? `${reference} = ${format(limit)}` : reference,
      verdict: measured ? (value <= limit ? 'PASS' : 'GAP') : 'NOT MEASURED',
    });
  };
  const times = (factor: number, v: number | null | undefined) => (v === null || v === undefined ? null : v * factor);
  judge('first paint ≤ 1/4 of @rjsf/mantine', ours?.firstPaintMs, times(0.25, rjsf?.firstPaintMs), ms, `@rjsf/mantine ${ms(rjsf?.firstPaintMs ?? null)} / 4`);
  judge('all fields interactive ≤ the Mantine floor', ours?.allInteractiveMs, floor?.allInteractiveMs, ms, 'floor');
  judge('keystroke CPU ≤ 1.2× the floor', ours?.keystrokeMs, times(1.2, floor?.keystrokeMs), ms, `1.2 × floor ${ms(floor?.keystrokeMs ?? null)}`);
  const first = find(rows, OURS, small)?.figures.keystrokeMs;
  if (n !== small) {
    judge(`keystroke CPU flat from ${small} to ${n} fields (≤ 1.25× of N=${small})`, ours?.keystrokeMs, times(1.25, first), ms, `1.25 × ours at ${small} ${ms(first ?? null)}`);
  }
  judge('heap growth ≤ the floor', ours?.heapGrowthBytes, floor?.heapGrowthBytes, bytes, 'floor');
  goals.push({
    goal: '/viewer page ≤ 160 kB gzipped (providers + FormInstanceViewer)',
    ours: bytes(viewerPage?.jsGzip ?? null),
    reference: '160.0 kB',
    verdict: viewerPage ? (viewerPage.jsGzip <= 160_000 ? 'PASS' : 'GAP') : 'NOT MEASURED',
  });
  const serverGoal = 'a 1000-field instance saves and reloads on the real server in < 200 ms';
  if (server) {
    goals.push({
      goal: server.fields === 1000 ? serverGoal : `${serverGoal} (measured with ${server.fields} fields)`,
      ours: ms(server.median.totalMs),
      reference: '200 ms',
      verdict: server.median.totalMs < 200 ? 'PASS' : 'GAP',
      note:
        `median of ${server.runs.length} (save ${ms(server.median.saveMs)} + reload ${ms(server.median.reloadMs)}, max ${ms(server.maxTotalMs)}); ` +
        `first save of a new schema version ${ms(server.firstOfSchema.totalMs)}; first of a freshly started server ${ms(server.cold.totalMs)}`,
    });
  } else {
    goals.push({ goal: serverGoal, ours: '—', reference: '200 ms', verdict: 'NOT MEASURED', note: serverSkipped });
  }
  return goals;
}

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text + ' '.repeat(width - text.length);
}

/** The printed table: per size, a line per peer with each figure and, for the peers, ours ÷ theirs. */
export function renderTable(heading: string, rows: Row[], sizes: number[], reps: number, goals: Goal[], problems: string[]): string {
  const lines = [heading, ''];
  const nameWidth = Math.max(...PEERS.map((p) => p.name.length)) + 2;
  const cell = 20;
  for (const n of sizes) {
    lines.push(`N = ${n} fields — medians of ${reps} run${reps === 1 ? '' : 's'}; for each peer, "ours ÷ peer" after its figure`);
    lines.push(pad('', nameWidth) + COLUMNS.map((c) => pad(c.title, cell)).join(''));
    const ours = find(rows, OURS, n)?.figures;
    for (const peer of PEERS) {
      const row = find(rows, peer.key, n);
      if (!row) continue;
      const cells = COLUMNS.map((c) => {
        const value = c.format(row.figures[c.key]);
        const r = peer.key === OURS ? '' : ratio(ours?.[c.key] ?? null, row.figures[c.key]);
        return pad(r ? `${value} ${r}` : value, cell);
      });
      lines.push(pad(peer.name, nameWidth) + cells.join(''));
    }
    lines.push('');
  }
  lines.push('Goals');
  const goalWidth = Math.max(...goals.map((g) => g.goal.length)) + 2;
  for (const g of goals) {
    lines.push(`${pad(g.verdict, 14)}${pad(g.goal, goalWidth)}ours ${pad(g.ours, 11)} limit: ${g.reference}${g.note ? ` — ${g.note}` : ''}`);
  }
  if (problems.length) {
    lines.push('', 'Problems');
    for (const p of problems) lines.push(`- ${p}`);
  }
  return lines.join('\n');
}
