import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as FormManagerStories from '../../stories/forms-admin/FormManager.stories';
import * as FormSchemaManagerStories from '../../stories/forms-admin/FormSchemaManager.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';

// The stories are the fixtures: their args, fake user and handlers are the whole set-up (as tests/admin/screen-stories).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });

const Form = composeStories(FormManagerStories);
const Schema = composeStories(FormSchemaManagerStories);

async function renderStory(Story: { load(): Promise<void> } & ((props: object) => React.ReactElement)) {
  await Story.load();
  return render(<Story />);
}

describe('FormManager stories', () => {
  it('Populated: the form, its public link and QR code, its versions and instances', async () => {
    await renderStory(Form.Populated);
    expect(await screen.findByRole('heading', { level: 1, name: 'Form: Expense Claim' })).toBeInTheDocument();
    const link = await screen.findByRole('region', { name: 'Public link' });
    expect(within(link).getByRole('img', { name: 'QR code of the public link' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Instances' })).toBeInTheDocument();
  });

  it('AtScale: a long name, 12 versions, and its 500 instances counted', async () => {
    await renderStory(Form.AtScale);
    expect(await screen.findByRole('heading', { level: 1, name: /^Form: Form 001 — Application/ }, { timeout: 10_000 })).toBeInTheDocument();
    const versions = await screen.findByRole('region', { name: 'Versions' });
    await waitFor(() => expect(within(versions).getAllByRole('row')).toHaveLength(13), { timeout: 10_000 });
    expect(await within(await screen.findByRole('region', { name: 'Instances' })).findByText(/^The newest \d+ of 500\.$/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("Empty: no instances yet; DeletedView: a deleted form 'does not exist or was deleted'", async () => {
    await renderStory(Form.Empty);
    expect(await within(await screen.findByRole('region', { name: 'Instances' })).findByText(/No instances/)).toBeInTheDocument();
    cleanup();
    await renderStory(Form.DeletedView);
    expect(await screen.findByText('This form does not exist or was deleted.')).toBeInTheDocument();
    cleanup();
    await renderStory(Schema.DeletedView);
    expect(await screen.findByText('This form schema does not exist or was deleted.')).toBeInTheDocument();
    cleanup();
    await renderStory(Schema.Empty);
    expect(await screen.findByText(/No instances/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('DiffBetweenVersions: its play function finds the added cost centre', async () => {
    await Form.DiffBetweenVersions.run();
    const compare = await screen.findByRole('region', { name: 'Compare versions' });
    expect(within(within(compare).getByText('/costCentre').closest('tr')!).getByText('Added')).toBeInTheDocument();
  });

  it("PrefillValues, PrefillNoLinks: their play functions open 'New pre-filled instance' and find the values or that none is linked", async () => {
    await Form.PrefillValues.run();
    const dialog = await screen.findByRole('dialog', { name: 'New instance pre-filled from application data' });
    expect(within(dialog).getByRole('cell', { name: 'grace.hopper@example.com' })).toBeInTheDocument();
    expect(within(dialog).getByText(/^Left empty: /)).toBeInTheDocument();
    cleanup();
    await Form.PrefillNoLinks.run();
  });

  it('PrefillLoading, PrefillFailed: no Create while the records are read or when they could not be', async () => {
    await Form.PrefillLoading.run();
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create instance' })).toBeDisabled();
    cleanup();
    await Form.PrefillFailed.run();
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('Loading shows the loader', async () => {
    await renderStory(Form.Loading);
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('LoadError offers a retry', async () => {
    await renderStory(Form.LoadError);
    expect(await screen.findByText('Failed to load the form. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('NotFound says the form does not exist', async () => {
    await renderStory(Form.NotFound);
    expect(await screen.findByText('This form does not exist or was deleted.')).toBeInTheDocument();
  });

  it('ReadOnlyUser: no control that changes the form', async () => {
    await renderStory(Form.ReadOnlyUser);
    await screen.findByRole('region', { name: 'Versions' });
    expect(await screen.findByText('Public: No')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save details' })).not.toBeInTheDocument();
  });
});

describe('FormSchemaManager stories', () => {
  it('Populated: fields, instances, and the preview with the real renderer', async () => {
    await renderStory(Schema.Populated);
    expect(await screen.findByRole('heading', { level: 1, name: 'Form schema: Expense Claim (version 1)' })).toBeInTheDocument();
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('textbox', { name: /Claimant/ })).toBeInTheDocument();
  });

  it("CurrentVersion: no 'Make current'", async () => {
    await renderStory(Schema.CurrentVersion);
    await screen.findByRole('heading', { level: 1, name: 'Form schema: Expense Claim (version 2)' });
    expect(await screen.findByText('Current')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make current' })).not.toBeInTheDocument();
  });

  it('NotFound says the version does not exist', async () => {
    await renderStory(Schema.NotFound);
    expect(await screen.findByText('This form schema does not exist or was deleted.')).toBeInTheDocument();
  });
});
