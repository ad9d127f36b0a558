import { act, screen } from '@testing-library/react';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { f, makeSchema, onePage, section } from '../engine/fixtures';
import { renderWithProviders } from '../support/render';

// A builder's live preview: the schema changes under the engine the renderer was given, and the form follows with
// what was typed still in it.

const schemaWith = (fields: ReturnType<typeof f>[]) =>
  makeSchema({ type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } }, onePage(section('About you', fields)), {
    formSchemaId: 'draft',
  });

it('FormRenderer follows engine.setSchema, keeping the answers', async () => {
  const engine = createFormEngine(schemaWith([f('name', '/name', { label: 'Name' })]));
  const { user } = renderWithProviders(<FormRenderer schema={engine.compiled.schema} engine={engine} progressive={false} />);
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
  act(() => engine.setSchema(schemaWith([f('name', '/name', { label: 'Full name' }), f('age', '/age', { label: 'Age', widget: 'integer' })])));
  expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada');
  expect(screen.getByRole('textbox', { name: 'Age' })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
});
