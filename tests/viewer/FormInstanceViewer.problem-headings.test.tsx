import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../src/testing/seed-ids';
import { FormInstanceViewer } from '../../src/viewer/index';
import { renderInApi, setupViewerApi } from './support/viewer';

const { backend } = setupViewerApi();

describe('FormInstanceViewer: a form that cannot be shown still has a heading and a tab title', () => {
  it("'Form not found' is the page's h1 and the tab's title", async () => {
    backend.setCurrentUser(null);
    renderInApi(<FormInstanceViewer formSchemaId="60000000-0000-4000-8000-0000000000ff" mode="edit" />);
    const alert = await screen.findByRole('alert', { name: 'Form not found' });
    expect(screen.getByRole('heading', { level: 1, name: 'Form not found' })).toBeInTheDocument();
    expect(alert).toContainElement(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(document.title).toBe('Form not found'));
  });

  it('takes the level of the title the form would have (titleOrder)', async () => {
    backend.setCurrentUser(null);
    renderInApi(<FormInstanceViewer formSchemaId="60000000-0000-4000-8000-0000000000ff" titleOrder={2} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Form not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('an unknown instance says so in an h1 too', async () => {
    renderInApi(<FormInstanceViewer formSchemaId={seedIds.formSchemas.loanApplicationV1} formInstanceId="70000000-0000-4000-8000-0000000000ff" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Form not found' })).toBeInTheDocument();
  });
});

describe('FormInstanceViewer: a mode that is neither edit nor view', () => {
  it('says so under an h1', async () => {
    renderInApi(<FormInstanceViewer formSchemaId={seedIds.formSchemas.contactRequestV1} mode={'delete' as never} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This form link is not valid' })).toBeInTheDocument();
  });
});
