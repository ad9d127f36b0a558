import '@mantine/core/styles.css';
import 'mantine-datatable/styles.css';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SigningList } from '../../src/forms-admin/SigningList';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

// Runs in Chromium (vitest.config.ts, project `browser`) with the tables' style sheets, as a host loads them: whether a
// point of the page reaches an element is layout, which jsdom does not do.
setupFakeApi();

/** Whether a click at the middle of `element` reaches it (or what it holds), rather than whatever lies on top. */
function reachable(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && element.contains(hit);
}

describe('a list table with nothing to show', () => {
  it("lets the pointer reach a button of its empty state ('Clear filters' of the Signing screen)", async () => {
    renderInApi(<SigningList mailFailed />);
    const clear = await screen.findByRole('button', { name: 'Clear filters' });
    clear.scrollIntoView({ block: 'center' });
    await waitFor(() => expect(reachable(clear)).toBe(true));
  });
});
