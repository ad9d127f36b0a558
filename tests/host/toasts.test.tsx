import './support/jsdom';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from '../../example-host/src/components/Toasts';

// The host's toast area is loaded with the first toast (the public form shows none, so its route never downloads
// Mantine's notification container): nothing is mounted before, and a toast shown before the area is there still
// appears, at top-right, once it has loaded.

afterEach(() => {
  act(() => notifications.clean());
});

describe('Toasts', () => {
  it('mounts nothing until a toast is shown, then shows it at top-right', async () => {
    const { container } = render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    );
    expect(container.ownerDocument.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => notifications.show({ message: 'Form saved', autoClose: false }));
    expect(await screen.findByText('Form saved')).toBeInTheDocument();
    const root = screen.getByText('Form saved').closest('[data-position]');
    expect(root?.getAttribute('data-position')).toBe('top-right');
    expect(container.ownerDocument.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
