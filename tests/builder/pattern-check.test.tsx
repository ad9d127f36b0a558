import { screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { createFakeBackend } from '../../src/testing';
import { base, renderInApi } from '../admin/support/screen';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

// The fake does not analyse backtracking; this verdict stands in for the server's analysis of one pattern.
const REASON = 'matching it can take time growing exponentially with the input (catastrophic backtracking).';
const backend = createFakeBackend({ checkPattern: (pattern) => (pattern === '^(a+)+$' ? REASON : null) });
const server = setupServer(...backend.handlers(base));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => backend.reset());
afterAll(() => server.close());

const checks = () => backend.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/FormSchema/CheckPattern'));

describe('FormBuilder pattern check', () => {
  it('asks the server when the pattern box is left and shows its reason, or that it accepts the pattern', async () => {
    const { user } = renderInApi(<FormBuilder draftStorage={null} />);
    await user.click(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS }));
    const pattern = await screen.findByRole('textbox', { name: /Pattern \(regular expression\)/ });
    await user.type(pattern, '^(a+)+$');
    // Typing alone asks nothing: the check runs on blur.
    expect(checks()).toHaveLength(0);
    await user.tab();
    expect(await screen.findByText(`The server refuses this pattern: ${REASON}`)).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(checks()).toHaveLength(1);

    await user.clear(pattern);
    await user.type(pattern, '^a+$');
    await user.tab();
    expect(await screen.findByText('The server accepts this pattern.')).toBeInTheDocument();
    await waitFor(() => expect(pattern).not.toHaveAttribute('aria-invalid', 'true'));
    expect(checks()).toHaveLength(2);
  });
});
