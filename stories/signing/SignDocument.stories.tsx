import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import pdfWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SignDocument } from '../../src/signing';
import { errorHandlers } from '../../src/testing';
import { storyHandlers } from '../support/fakeBackend';
import {
  alreadySignedHandler,
  expiredLinkHandler,
  linkEndsFirstHandler,
  noLongerOpenHandler,
  notYourTurnHandler,
  signConflictHandler,
  signingHandlers,
  STORY_TOKEN,
} from './signingHandlers';

const meta = {
  title: 'Signing/SignDocument',
  component: SignDocument,
  args: { token: STORY_TOKEN, pdfWorkerSrc },
  parameters: { msw: { handlers: { signing: [...signingHandlers(), ...storyHandlers.signing] } } },
} satisfies Meta<typeof SignDocument>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The parameters of a story whose own handlers answer in front of the signing page's. */
const signing = (...handlers: HttpHandler[]) => ({ msw: { handlers: { signing: [...handlers, ...signingHandlers(), ...storyHandlers.signing] } } });

type Canvas = ReturnType<typeof within>;

/** Waits for the document to be drawn with its place to sign. */
async function reviewShown(canvas: Canvas) {
  await canvas.findByRole('heading', { level: 1, name: 'Loan Application' });
  await canvas.findByText('Sign here', undefined, { timeout: 15_000 });
}

/** A stroke on the pad, as a mouse draws it (signature_pad reads pointer events). */
function drawOnPad(pad: HTMLElement) {
  const rect = pad.getBoundingClientRect();
  const at = (fx: number, fy: number) => ({ clientX: rect.left + rect.width * fx, clientY: rect.top + rect.height * fy });
  const init = { bubbles: true, cancelable: true, pointerId: 1, pointerType: 'mouse', isPrimary: true };
  pad.dispatchEvent(new PointerEvent('pointerdown', { ...init, ...at(0.1, 0.6), button: 0, buttons: 1 }));
  for (const [fx, fy] of [
    [0.2, 0.3],
    [0.35, 0.7],
    [0.5, 0.25],
    [0.7, 0.65],
    [0.9, 0.4],
  ] as const) {
    pad.dispatchEvent(new PointerEvent('pointermove', { ...init, ...at(fx, fy), buttons: 1 }));
  }
  pad.dispatchEvent(new PointerEvent('pointerup', { ...init, ...at(0.9, 0.4), button: 0, buttons: 0 }));
}

async function agree(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('checkbox', { name: 'I agree to sign this document electronically' }));
}

async function typeName(canvas: Canvas, name: string) {
  await userEvent.click(canvas.getByRole('tab', { name: 'Type' }));
  const input = canvas.getByRole('textbox', { name: 'Type your full name' });
  await userEvent.clear(input);
  await userEvent.type(input, name);
}

/** The document to review: the form's name, the signer, the sender's message, the expiry and the place to sign. */
export const Review: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await expect(canvas.getByText('Signing as Grace Hopper (grace.hopper@example.com)')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Sign' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The signer's link ends before the envelope expires: the page gives the link's end as the deadline, and what to do after. */
export const LinkEndsFirst: Story = {
  parameters: signing(linkEndsFirstHandler),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await expect(canvas.getByText(/this link stops working then\. The request stays open until/)).toBeInTheDocument();
  },
};

/** A signature drawn on the pad and the agreement ticked: 'Sign' is ready. */
export const SignDrawn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    drawOnPad(canvas.getByRole('img', { name: 'Signature pad' }));
    await agree(canvas);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Sign' })).not.toHaveAttribute('aria-disabled'));
  },
};

/** The name typed and shown in a handwriting-style font, the agreement ticked: 'Sign' is ready. */
export const SignTyped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await typeName(canvas, 'Grace Brewster Hopper');
    await expect(canvas.getByRole('img', { name: 'Preview of your typed signature: Grace Brewster Hopper' })).toBeInTheDocument();
    await agree(canvas);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Sign' })).not.toHaveAttribute('aria-disabled'));
  },
};

/** Signed with a typed name; another signer still signs. */
export const Done: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await typeName(canvas, 'Grace Hopper');
    await agree(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign' }));
    await expect(await canvas.findByText('Thank you, you have signed.')).toBeInTheDocument();
    await expect(canvas.getByText(/^1 more signer still signs/)).toBeInTheDocument();
  },
};

/** Signed with a drawn signature, the last signer: the document is complete. */
export const DoneComplete: Story = {
  parameters: { msw: { handlers: { signing: [...signingHandlers({ othersSign: false }), ...storyHandlers.signing] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    drawOnPad(canvas.getByRole('img', { name: 'Signature pad' }));
    await agree(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign' }));
    await expect(await canvas.findByText(/^Everyone has signed/)).toBeInTheDocument();
  },
};

/** The server refused the signature (the envelope was voided meanwhile): its reason shows, the typed name stays. */
export const SignRefused: Story = {
  parameters: signing(signConflictHandler),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await typeName(canvas, 'Grace Hopper');
    await agree(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign' }));
    await expect(await canvas.findByText('The envelope is Voided: it can no longer be signed.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Type your full name' })).toHaveValue('Grace Hopper');
  },
};

/** The decline dialog, confirmed without a reason: the reason is required. */
export const DeclineDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Decline to sign' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Decline to sign' }));
    await expect(dialog.getByText('Enter a reason for declining.')).toBeInTheDocument();
  },
};

/** A pasted reason longer than the server takes: said under the box as it is typed, the text kept whole. */
export const DeclineReasonTooLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Decline to sign' }));
    const box = dialog.getByRole('textbox', { name: /Reason for declining/ });
    await userEvent.click(box);
    await userEvent.paste('The amount on page two is not what we agreed. '.repeat(23));
    await expect(dialog.getByText('The reason is 1,057 characters long; at most 1,000 are allowed.')).toBeInTheDocument();
  },
};

/** Declined with a reason. */
export const Declined: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Decline to sign' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason for declining/ }), 'The amount is wrong.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline to sign' }));
    await expect(await canvas.findByText('You declined to sign.')).toBeInTheDocument();
  },
};

/** A link that expired or was replaced (404). */
export const ExpiredLink: Story = {
  parameters: signing(expiredLinkHandler),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeInTheDocument();
  },
};

/** The page opened with no token in its address (a link cut short): it says so and asks the server nothing. */
export const LinkWithoutToken: Story = {
  args: { token: '' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'This signing link cannot be used' })).toBeInTheDocument();
    await expect(canvas.getByText(/^This address holds no signing link\./)).toBeInTheDocument();
  },
};

/** The signer reopened the link they signed with (409 with signerStatus): no sign controls, no new link to ask for. */
export const AlreadySigned: Story = {
  parameters: signing(alreadySignedHandler),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You have already signed this document.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  },
};

/** Earlier signers have not signed yet (409): the server says which order signs first. */
export const NotYourTurn: Story = {
  parameters: signing(notYourTurnHandler),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('It is not your turn to sign yet: the signers of order 1 sign first.')).toBeInTheDocument();
  },
};

/** The envelope is no longer out for signature (409: voided, declined or completed). */
export const NoLongerOpen: Story = {
  parameters: signing(noLongerOpenHandler),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'This document can no longer be signed' })).toBeInTheDocument();
  },
};

/** While the link opens. */
export const Loading: Story = {
  parameters: signing(errorHandlers.pending('/api/Signing/Open')),
};

/** Opening failed (500): 'Try again'. */
export const LoadFailed: Story = {
  parameters: signing(errorHandlers.failing('/api/Signing/Open', 500)),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** On a 390 px wide phone: the page scales to the width, nothing scrolls sideways. */
export const PhoneWidth: Story = {
  decorators: [
    (Story) => (
      <Box w={390} maw="100%" data-testid="phone-frame" style={{ outline: '1px dashed var(--mantine-color-default-border)' }}>
        <Story />
      </Box>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reviewShown(canvas);
    const frame = canvas.getByTestId('phone-frame');
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    const page = canvas.getByRole('group', { name: 'Page 1 of 1' });
    await expect(page.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    // Zoomed to 150%, the page is drawn wider than the phone: its own box scrolls sideways, the signing page does not.
    await userEvent.click(canvas.getByRole('button', { name: '150%' }));
    await expect(canvas.getByRole('button', { name: '150%' })).toHaveAttribute('aria-pressed', 'true');
    const pages = canvas.getByRole('group', { name: /Pages of the document/ });
    await expect(pages.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    await expect(pages.scrollWidth).toBeGreaterThanOrEqual(canvas.getByRole('group', { name: 'Page 1 of 1' }).getBoundingClientRect().width);
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    await expect(canvas.getAllByText('Sign here').length).toBeGreaterThan(0);
  },
};
