import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormSchema, JsonObject } from '../../src/api/types';
import { seedIds } from '../../src/testing/seed-ids';
import { FormInstanceViewer } from '../../src/viewer/index';
import { hostWidgets } from '../../stories/forms/starRating';
import { base, renderInApi, setupViewerApi } from './support/viewer';

// A host's widget kind (a star rating) given to the public viewer with `widgets`: the form in edit mode and a
// submitted instance in view mode draw it with the host's components. The stored schema is put in place as a server
// that knows the host's kinds would have saved it.

const { backend } = setupViewerApi();
const schemas = seedIds.formSchemas;
const instances = seedIds.formInstances;

/** Adds a required star rating at `/rating` to a stored schema. */
function addRating(formSchemaId: string): void {
  const schema = backend.db.formSchemas.find((s) => s.formSchemaId === formSchemaId) as FormSchema;
  const properties = (schema.jsonSchema.properties ?? {}) as JsonObject;
  schema.jsonSchema = { ...schema.jsonSchema, properties: { ...properties, rating: { type: 'integer', minimum: 1, maximum: 5 } } };
  const first = schema.layout.pages[0]!.sections[0]!;
  first.fields = [...first.fields, { id: 'rating', path: '/rating', widget: 'star-rating', label: 'How was the service?' }];
}

describe('FormInstanceViewer with a host widget kind', () => {
  it('draws it with the host component in edit mode, and saves the number chosen', async () => {
    backend.setCurrentUser(null);
    addRating(schemas.contactRequestV1);
    const { user } = renderInApi(<FormInstanceViewer formSchemaId={schemas.contactRequestV1} mode="edit" saveDelayMs={20} widgets={hostWidgets} />);
    const group = await screen.findByRole('group', { name: /How was the service\?/ });
    const star = within(group).getByLabelText('4 of 5 stars') as HTMLInputElement;
    await user.click(star.labels![0]!);
    await waitFor(() => expect(backend.db.formInstances.at(-1)?.data).toMatchObject({ rating: 4 }));
  });

  it('draws it with the host view component in view mode', async () => {
    addRating(schemas.loanApplicationV1);
    const instance = backend.db.formInstances.find((i) => i.formInstanceId === instances.loanSubmitted)!;
    instance.data = { ...instance.data, rating: 5 };
    const response = await fetch(`${base}/api/Forms/GetViewUrl?formInstanceId=${instances.loanSubmitted}`);
    const token = new URL((await response.json()) as string).searchParams.get('token')!;
    backend.setCurrentUser(null);
    renderInApi(
      <FormInstanceViewer formSchemaId={schemas.loanApplicationV1} formInstanceId={instances.loanSubmitted} token={token} mode="view" widgets={hostWidgets} />,
    );
    const answer = await screen.findByRole('group', { name: 'How was the service?' });
    expect(answer).toHaveTextContent('5 of 5 stars');
    expect(answer.querySelector('input')).toBeNull();
  });
});
