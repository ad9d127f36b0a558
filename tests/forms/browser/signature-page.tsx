/** One required signature field as a page, its engine on `window` for the test to read. */
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import type { FormSchema } from '../../../src/api/types';
import type { FormEngine } from '../../../src/engine';
import { createFormEngine, FormRenderer } from '../../../src/forms';

declare global {
  interface Window {
    __engine: FormEngine;
  }
}

const schema: FormSchema = {
  formSchemaId: 'signature',
  formId: 'signature',
  name: 'Signature',
  version: 1,
  jsonSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { signature: { type: 'string', maxLength: 200000 } },
    required: ['signature'],
  },
  layout: {
    pages: [{ id: 'p', title: 'Sign', sections: [{ id: 's', title: 'Sign here', fields: [{ id: 'signature', path: '/signature', widget: 'signature', label: 'Signature' }] }] }],
  },
  isPublic: true,
  isDeleted: false,
  createdDateTime: new Date(0),
  lastUpdatedDateTime: new Date(0),
};

window.__engine = createFormEngine(schema);
createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <div style={{ padding: 24, maxWidth: 640 }}>
      <FormRenderer schema={schema} engine={window.__engine} idPrefix="f" />
    </div>
  </MantineProvider>,
);
