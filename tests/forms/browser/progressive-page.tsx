/** A 1000-field form as a page, its engine on `window` for the test to read. */
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import type { FormEngine } from '../../../src/engine';
import { createFormEngine, FormRenderer, generateForm } from '../../../src/forms';

declare global {
  interface Window {
    __engine: FormEngine;
  }
}

const schema = generateForm(1000);
window.__engine = createFormEngine(schema);
createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <FormRenderer schema={schema} engine={window.__engine} idPrefix="f" />
  </MantineProvider>,
);
