import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../src/api/types';
import { seedIds } from '../../src/testing/seed-ids';
import { FormInstanceViewer } from '../../src/viewer/index';
import { nestedSectionsData, nestedSectionsSchema } from '../../stories/forms/fixtures';
import { base, renderInApi, setupViewerApi } from './support/viewer';

// A submitted instance of a form whose sections hold sections, opened read-only with its view link: every level is
// drawn inside its parent, and the dates of each job inside that job.

const { backend } = setupViewerApi();
const schemas = seedIds.formSchemas;
const instances = seedIds.formInstances;

describe('FormInstanceViewer: sections inside sections', () => {
  it('shows the answers of nested sections in view mode, those inside a repeatable section in each item', async () => {
    const stored = backend.db.formSchemas.find((s) => s.formSchemaId === schemas.loanApplicationV1) as FormSchema;
    const nested = nestedSectionsSchema();
    stored.jsonSchema = nested.jsonSchema;
    stored.layout = nested.layout;
    backend.db.formInstances.find((i) => i.formInstanceId === instances.loanSubmitted)!.data = nestedSectionsData();
    const response = await fetch(`${base}/api/Forms/GetViewUrl?formInstanceId=${instances.loanSubmitted}`);
    const token = new URL((await response.json()) as string).searchParams.get('token')!;
    backend.setCurrentUser(null);
    renderInApi(<FormInstanceViewer formSchemaId={schemas.loanApplicationV1} formInstanceId={instances.loanSubmitted} token={token} mode="view" />);
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(screen.getByRole('region', { name: 'Address' })).toContainElement(delivery);
    expect(within(delivery).getByText('Behind the gate')).toBeInTheDocument();
    const second = screen.getByRole('group', { name: 'Jobs 2' });
    const dates = within(second).getByRole('group', { name: 'Dates' });
    expect(within(second).getByText('Difference Works')).toBeInTheDocument();
    expect(dates).toHaveTextContent('1845');
    expect(within(second).queryByRole('button')).toBeNull();
  });
});
