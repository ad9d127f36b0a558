import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ColorSchemeSwitch } from '../../example-host/src/components/ColorSchemeSwitch';
import { jsdomTheme } from '../support/render';

const STORAGE_KEY = 'mantine-color-scheme-value';

function renderSwitch() {
  return render(
    // The host's provider as the app has it (no env="test"), with the theme's popovers shown in jsdom.
    <MantineProvider theme={jsdomTheme} defaultColorScheme="auto">
      <ColorSchemeSwitch />
    </MantineProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('ColorSchemeSwitch', () => {
  it('follows the system by default', () => {
    renderSwitch();
    expect(screen.getByRole('button', { name: 'Colour scheme: Follow system' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light'); // jsdom's system prefers light
  });

  it('applies and remembers a choice, and marks the current one of the three', async () => {
    const user = userEvent.setup();
    const first = renderSwitch();
    await user.click(screen.getByRole('button', { name: 'Colour scheme: Follow system' }));
    const items = await screen.findAllByRole('menuitem');
    // Still shown once floating-ui has placed it (Mantine's 8 px below its target): in jsdom every box counts as clipped.
    await waitFor(() => expect(screen.getByRole('menu')).toHaveStyle({ top: '8px' }));
    expect(screen.getAllByRole('menuitem')).toEqual(items);
    expect(items.map((i) => [i.textContent?.replace('✓', ''), i.getAttribute('aria-current')])).toEqual([
      ['Follow system', 'true'],
      ['Light', null],
      ['Dark', null],
    ]);
    await user.click(items[2]!);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('dark');
    first.unmount();

    // A new visit starts with the remembered choice.
    renderSwitch();
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
