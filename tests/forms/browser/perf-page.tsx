/**
 * A measuring page for the renderer (see measure-renderer.mjs): mounts a generated form with our renderer or a
 * hand-written Mantine form whose fields each hold their own state (the floor), and reports timings.
 * Select with the hash: `#ours-1000`, `#floor-1000`, `#ours-50`…
 */
import { Checkbox, MantineProvider, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { memo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { compileFormSchema } from '../../../src/engine';
import { createFormEngine, FormRenderer, generateForm } from '../../../src/forms';
import type { FormField } from '../../../src/api/types';

declare global {
  interface Window {
    __result: Record<string, number>;
    __ready: boolean;
  }
}

const [which, sizeText] = location.hash.slice(1).split('-');
const size = Number(sizeText || 1000);
const schema = generateForm(size);

const FloorField = memo(function FloorField({ field }: { field: FormField }) {
  const [value, setValue] = useState<string | number | boolean>('');
  if (field.widget === 'number') return <NumberInput label={field.label} value={value as number} onChange={setValue} />;
  if (field.widget === 'checkbox') return <Checkbox label={field.label} checked={value === true} onChange={(e) => setValue(e.currentTarget.checked)} />;
  if (field.widget === 'select') return <NativeSelect label={field.label} data={['', ...(field.options ?? []).map((o) => o.value)]} value={String(value)} onChange={(e) => setValue(e.currentTarget.value)} />;
  return <TextInput label={field.label} value={String(value)} onChange={(e) => setValue(e.currentTarget.value)} />;
});

function Floor() {
  return (
    <form>
      {schema.layout.pages[0]!.sections.map((s) => (
        <section key={s.id}>
          <h3>{s.title}</h3>
          {s.fields.map((f) => (
            <FloorField key={f.id} field={f} />
          ))}
        </section>
      ))}
    </form>
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function main() {
  const host = document.getElementById('root')!;
  const root = createRoot(host);
  const t0 = performance.now();
  const compiled = which === 'floor' ? null : compileFormSchema(schema);
  const compileMs = performance.now() - t0;
  const engine = compiled ? createFormEngine(schema, { compiled }) : null;
  const engineMs = performance.now() - t0 - compileMs;
  flushSync(() =>
    root.render(<MantineProvider>{engine ? <FormRenderer schema={schema} engine={engine} idPrefix="f" progressive={which === 'full' ? false : which === 'batches' ? { upgrade: 'batches' } : which === 'alllite' ? { initial: 0, batch: 0, upgrade: 'batches' } : undefined} /> : <Floor />}</MantineProvider>),
  );
  const rendered = performance.now();
  await nextFrame();
  const painted = performance.now();
  // Light controls are interactive; 'batches' waits until every one became a Mantine widget.
  while (which === 'batches' && document.querySelector('[data-lite]')) await new Promise((r) => setTimeout(r, 5));
  await nextFrame();
  const all = performance.now();
  window.__result = {
    compile: compileMs,
    engine: engineMs,
    firstRender: rendered - t0,
    firstPaint: painted - t0,
    allInteractive: all - t0,
    domNodes: document.getElementsByTagName('*').length,
  };
  window.__ready = true;
}

void main();
