import type { Meta, StoryObj } from '@storybook/react-vite';
import { getResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { AdminDashboard } from '../../src/forms-admin/AdminHome';
import { errorHandlers } from '../../src/testing';
import { seedDate, seedIds } from '../../src/testing/seed-ids';
import { fakeBackend, storyApi, storyHandlers } from '../support/fakeBackend';
import { SCALE_NOW, addFormsAtScale } from '../support/formsScale';

const meta = {
  title: 'Forms admin/AdminDashboard',
  component: AdminDashboard,
  parameters: { layout: 'fullscreen' },
  // The seeded instances were started in the days after the seed's epoch: count the 30 days that hold them.
  args: { now: seedDate(20), onNewForm: () => {}, onImportPdf: () => {}, onPreviewForm: () => {}, onOpenForm: () => {}, onOpenInstance: () => {} },
} satisfies Meta<typeof AdminDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every tile, for the administrator: the chart of the last 30 days, the latest submissions, the forms changed. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const chart = await within(canvasElement).findByRole('region', { name: 'Form instances of the last 30 days' });
    await expect(await within(chart).findByRole('table')).toBeInTheDocument();
    const attention = within(canvasElement).getByRole('region', { name: 'Needs attention' });
    await expect(await within(attention).findByText('1 form instance whose signature was declined')).toBeInTheDocument();
  },
};

/** Aisha Auditor may not view submissions: their tiles are not shown. */
export const ReadOnlyUser: Story = { parameters: { fakeUser: 'auditor' } };

/** Nora Newcomer holds no tile's claim. */
export const NoTiles: Story = { parameters: { fakeUser: 'newcomer' } };

/** Nothing was started in the last 30 days, and there are no forms. */
export const Empty: Story = {
  args: { now: new Date(Date.UTC(2099, 0, 1)) },
  loaders: [
    () => {
      fakeBackend.db.forms.length = 0;
      fakeBackend.db.formInstances.length = 0;
      return {};
    },
  ],
};

/**
 * An invitation that could not be sent (to an address in the reserved `.invalid` domain, which no mail reaches):
 * 'Needs attention' counts the envelope, and opens the Signing screen, where it shows its failed e-mail.
 */
export const MailFailed: Story = {
  args: { onOpenWaiting: () => {}, onOpenMailFailed: () => {} },
  loaders: [
    // Straight through the fake's handlers (no network): loaders run side by side, and the mock service worker may
    // not be listening yet.
    async () => {
      const body = { formInstanceId: seedIds.formInstances.loanCreated, signers: [{ name: 'Nobody', email: 'nobody@mail.invalid', routingOrder: 1 }] };
      const request = new Request(`${storyApi}/api/Signing/RequestSignature`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await getResponse(fakeBackend.handlers(storyApi), request);
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const tile = await within(canvasElement).findByRole('region', { name: 'Needs attention' });
    await expect(await within(tile).findByRole('button', { name: '1 envelope with e-mail that could not be sent' })).toBeInTheDocument();
  },
};

/** The tiles are still loading. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        odata: [errorHandlers.pending('/odata/FormInstanceOData'), errorHandlers.pending('/odata/FormOData'), ...storyHandlers.odata],
      },
    },
  },
};

/** The reads fail: each tile says so, with a retry. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: {
        odata: [errorHandlers.failing('/odata/FormInstanceOData', 500), errorHandlers.failing('/odata/FormOData', 500), ...storyHandlers.odata],
      },
    },
  },
};

/** At scale: 200 forms with long names and 100,000 instances, 50,000 of them started in the last 30 days. */
export const AtScale: Story = {
  args: { now: SCALE_NOW },
  loaders: [addFormsAtScale()],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByText(/Form 0\d\d — Application/)).not.toHaveLength(0), { timeout: 20_000 });
  },
};
