/**
 * `npx tsx bench/pdf-abuse/schema-check.ts [runs]`: what the schema rules of a form schema save
 * (`readFormSchemaPost`: the engine's `checkFormDraft` with the patterns' check) cost on one thread, for the generated
 * forms of the 713-field fixture and of 1,000 generated PDF fields, `generateForm`'s 2,000 fields and a hand-written
 * schema of 2,000 fields (FORM_LIMITS.maxFields; tests/server/forms-large-schema.ts: nested and repeatable sections,
 * patterns, rules, computed totals). Prints the median and max wall time of one check of each. With
 * `node --cpu-prof` it is the micro-run to profile. The server runs these rules in a worker
 * (example-host/server/forms/schema-check.ts), not on its event loop.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { FormSchema } from '../../src/api/types';
import { readFormSchemaPost } from '../../src/domain/forms';
import { PDF_UPLOAD_LIMITS } from '../../src/domain/pdf/limits';
import { generateForm } from '../../src/forms/generateForm';
import { runPdfJob } from '../../example-host/server/pdf/worker-tasks';
import { longFieldNamesPdf } from '../../tests/support/hostile-pdfs';
import { handWrittenSchema } from '../../tests/server/forms-large-schema';

const runs = Number(process.argv[2] ?? 20);
const limits = { maxPages: PDF_UPLOAD_LIMITS.maxPages, maxFields: PDF_UPLOAD_LIMITS.maxFields, maxInflatedBytes: PDF_UPLOAD_LIMITS.maxInflatedBytes };

async function generated(bytes: Uint8Array, fileName: string): Promise<FormSchema> {
  const read = await runPdfJob({ id: 1, kind: 'read', input: { bytes, fileName, limits } });
  if (!('generatedJson' in read)) throw new Error(`${fileName} was refused`);
  return (JSON.parse(read.generatedJson) as { formSchema: FormSchema }).formSchema;
}

const cases: [string, FormSchema][] = [
  ['with_combed_fields.pdf (713 fields)', await generated(new Uint8Array(readFileSync('/work/shared/fixtures/pdfs/with_combed_fields.pdf')), 'with_combed_fields.pdf')],
  ['1,000 generated PDF fields', await generated(longFieldNamesPdf(1000, 16), 'fields.pdf')],
  ['generateForm(2,000)', generateForm(2000)],
  ['hand-written, 2,000 fields', { ...generateForm(10), ...handWrittenSchema(2000) }],
];

for (const [name, schema] of cases) {
  const { jsonSchema, layout } = schema;
  const body = JSON.parse(JSON.stringify({ jsonSchema, layout })) as Record<string, unknown>;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    readFormSchemaPost(body, { name: 'F' }, 0, { checkPattern: () => null });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  process.stdout.write(`${name}: ${JSON.stringify(body).length} chars; one check median ${median.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms\n`);
}
process.stdout.write(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
