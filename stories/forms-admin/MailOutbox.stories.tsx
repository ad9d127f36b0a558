import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MailOutbox } from '../../src/forms-admin/MailOutbox';
import { errorHandlers } from '../../src/testing';
import { seedDate } from '../../src/testing/seed-ids';
import { fakeOutbox } from '../../src/testing/signing-model';
import { fakeBackend, storyHandlers } from '../support/fakeBackend';

const meta = {
  title: 'Forms admin/MailOutbox',
  component: MailOutbox,
  parameters: { layout: 'fullscreen' },
  args: { onBack: fn() },
} satisfies Meta<typeof MailOutbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Messages the signing sent, newest first: a request with its link, a decline notice, a completion with the signed PDF
 * (`count` of them, the first ones: 3 unless told).
 */
function addSentMail(count = 3) {
  const outbox = fakeOutbox(fakeBackend.db);
  const message = (n: number, subject: string, to: string, textBody: string, attachments: { fileName: string; contentType: string; size: number }[] = []) => ({
    id: `90000000-0000-4000-8000-00000000000${n}`,
    receivedDateTime: seedDate(n),
    fromAddress: '"Forms" <forms@localhost>',
    toAddress: to,
    subject,
    textBody,
    attachments,
  });
  const sent = [
    message(1, 'Please sign “Loan Application”', '"Grace Hopper" <grace.hopper@example.com>', 'Hello Grace Hopper,\n\nYou are asked to sign “Loan Application”.\n\nRead and sign the document:\nhttp://localhost:5173/sign?token=3q2-7wQx\n\nThe link works until 2026-12-13.'),
    message(2, 'Alan Turing declined to sign “Loan Application”', '"Sam Sender" <sam@example.com>', 'Hello Sam Sender,\n\nAlan Turing declined to sign “Loan Application”. The signing has stopped. The reason given:\n\n> The amount is wrong.'),
    message(3, 'Signed by everyone: “Loan Application”', '"Grace Hopper" <grace.hopper@example.com>', 'Hello Grace Hopper,\n\nEvery signer has signed “Loan Application”. The signed document is attached.', [
      { fileName: 'Loan Application - signed.pdf', contentType: 'application/pdf', size: 48_213 },
    ]),
  ];
  // Newest first, as the fake's mailer keeps them.
  outbox.unshift(...sent.slice(0, count).reverse());
  return {};
}

/** What was sent, newest first: each message's recipient, time, attachments and text. */
export const List: Story = {
  loaders: [() => addSentMail()],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const completion = await canvas.findByRole('article', { name: 'Signed by everyone: “Loan Application”' });
    await expect(within(completion).getByText('Loan Application - signed.pdf (application/pdf, 47 KB)')).toBeInTheDocument();
    await expect(canvas.getByText('The newest 3 of 3 messages.')).toBeInTheDocument();
    const articles = canvas.getAllByRole('article').map((a) => a.getAttribute('data-outbox-message'));
    await expect(articles).toEqual(['90000000-0000-4000-8000-000000000003', '90000000-0000-4000-8000-000000000002', '90000000-0000-4000-8000-000000000001']);
    // The request's link opens from here; the sentence after it stays text.
    const link = canvas.getByRole('link', { name: 'http://localhost:5173/sign?token=3q2-7wQx' });
    await expect(link).toHaveAttribute('href', 'http://localhost:5173/sign?token=3q2-7wQx');
    await expect(link.parentElement).toHaveTextContent('http://localhost:5173/sign?token=3q2-7wQx The link works until 2026-12-13.');
  },
};

/** Nothing sent yet. */
/** The first message sent: the count above it says one message, not 'the newest 1 of 1 messages'. */
export const OneMessage: Story = {
  loaders: [() => addSentMail(1)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('One message.')).toBeInTheDocument();
    await expect(canvas.getAllByRole('article')).toHaveLength(1);
  },
};

/** Nothing sent yet; 'Back to Signing' leads back to the screen the Outbox is reached from. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No e-mail has been sent yet.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Signing' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

/** While the messages load. */
export const Loading: Story = {
  parameters: { msw: { handlers: { signing: [errorHandlers.pending('/api/Mail/Outbox'), ...storyHandlers.signing] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the outbox…')).toBeInTheDocument();
  },
};

/** The read failed: the alert offers 'Try again'. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { signing: [errorHandlers.failing('/api/Mail/Outbox', 500), ...storyHandlers.signing] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load the outbox. Please try again.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** The server refused the read (not an administrator): the reason, and no 'Try again' that could not help. */
export const Refused: Story = {
  parameters: { msw: { handlers: { signing: [errorHandlers.failing('/api/Mail/Outbox', 403), ...storyHandlers.signing] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Only administrators may read the outbox: it holds every signer’s own link.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};
