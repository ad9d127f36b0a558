/**
 * Pools several full runs of the renderer bench into one table: `node --import tsx bench/renderer/combine.ts
 * a.json b.json c.json [--out=bench/renderer/results.json]`. Each figure is then the median over every measured load
 * of every run (keystrokes: every keystroke of every run), the goals are judged on those, and the server figure is
 * the median of all its timed runs. The output keeps each run's own heading, table and goals under `runs`, so a
 * run-to-run spread stays visible. On a shared machine one run's medians move by ±30 %: pooling runs taken at
 * different moments damps that more than more repetitions in one run.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { percentile } from '../admin/stats';
import type { PageBuild } from './build';
import { figuresOf, judgeGoals, renderTable, type Goal, type Row } from './report';
import type { ServerResult, ServerRun } from './server';

interface RunFile {
  heading: string;
  args: { sizes: number[]; reps: number; peers: string[] };
  table: string;
  goals: Goal[];
  builds: Record<string, PageBuild>;
  rows: Row[];
  server?: ServerResult | null;
  problems: string[];
  totalMs: number;
}

function poolServer(results: ServerResult[]): ServerResult | null {
  const first = results[0];
  if (!first) return null;
  const runs = results.flatMap((r) => r.runs);
  const med = (pick: (r: ServerRun) => number, from: ServerRun[]) => percentile(from.map(pick), 50) as number;
  const medianRun = (from: ServerRun[]): ServerRun => ({ saveMs: med((r) => r.saveMs, from), reloadMs: med((r) => r.reloadMs, from), totalMs: med((r) => r.totalMs, from) });
  return {
    ...first,
    cold: medianRun(results.map((r) => r.cold)),
    firstOfSchema: medianRun(results.map((r) => r.firstOfSchema)),
    runs,
    median: medianRun(runs),
    maxTotalMs: Math.max(...runs.map((r) => r.totalMs)),
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const out = args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? null;
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length < 2) throw new Error('Give two or more results files of full runs.');
  const runs = await Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as RunFile));
  const sizes = runs[0]?.args.sizes ?? [];
  const peers = runs[0]?.args.peers ?? [];
  if (runs.some((r) => r.args.sizes.join() !== sizes.join() || r.args.peers.join() !== peers.join())) throw new Error('The runs measured different sizes or peers.');
  const last = runs[runs.length - 1] as RunFile;
  const rows: Row[] = [];
  for (const n of sizes) {
    for (const peer of peers) {
      const samples = runs.flatMap((r) => r.rows.find((x) => x.peer === peer && x.n === n)?.samples ?? []);
      // Page sizes: the last run's builds (the code the other runs measured differs at most by what they note).
      rows.push({ peer, n, controls: last.rows.find((x) => x.peer === peer && x.n === n)?.controls ?? null, samples, figures: figuresOf(samples, last.builds[peer]) });
    }
  }
  const server = poolServer(runs.flatMap((r) => (r.server ? [r.server] : [])));
  const goals = judgeGoals(rows, sizes, last.builds.viewer, server, 'not measured in these runs');
  const reps = runs.reduce((sum, r) => sum + r.args.reps, 0);
  const heading =
    `Renderer bench — ${runs.length} full runs pooled (${reps} measured loads per renderer and size): ` +
    `generated forms of ${sizes.join(', ')} fields\nThe runs:\n${runs.map((r) => `  ${r.heading.split('\n')[1]}`).join('\n')}`;
  const table = renderTable(heading, rows, sizes, reps, goals, runs.flatMap((r) => r.problems));
  process.stdout.write(`${table}\n`);
  if (out) {
    const combined = {
      heading,
      args: { ...last.args, reps, pooledRuns: runs.length },
      table,
      goals,
      builds: last.builds,
      rows,
      server,
      problems: runs.flatMap((r) => r.problems),
      runs: runs.map((r) => ({ heading: r.heading, table: r.table, goals: r.goals, server: r.server ?? null, totalMs: r.totalMs })),
    };
    await writeFile(out, `${JSON.stringify(combined, null, 2)}\n`);
    process.stdout.write(`wrote ${path.relative(process.cwd(), out)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
