/** @jsonforms/react with the vanilla renderers and cells, its data held in React state as its documentation shows. */
import type { JsonSchema, UISchemaElement } from '@jsonforms/core';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useState } from 'react';
import { benchForm, toJsonFormsUiSchema, toJsonSchema } from '../schemas';
import { size, start } from './harness';

const form = benchForm(size);
const schema = toJsonSchema(form) as JsonSchema;
const uischema = toJsonFormsUiSchema(form) as unknown as UISchemaElement;

function App() {
  const [data, setData] = useState<unknown>({});
  return <JsonForms schema={schema} uischema={uischema} data={data} renderers={vanillaRenderers} cells={vanillaCells} onChange={(e) => setData(e.data)} />;
}

start(() => <App />);
