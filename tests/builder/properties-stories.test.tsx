import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as JsonStories from '../../stories/builder/json.stories';
import * as PropertiesStories from '../../stories/builder/properties.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';

// The stories are the fixtures: each renders, its play function passes, and axe finds nothing (colour contrast needs
// layout, which jsdom does not do: the Storybook axe run checks it in Chromium, light and dark).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });

const Properties = composeStories(PropertiesStories);
const Json = composeStories(JsonStories);

async function violations(root: HTMLElement): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('property panel stories', () => {
  // EveryKind holds a panel per kind (each kind also has its own story above): counted below, not axe-run twice.
  for (const [name, Story] of Object.entries(Properties).filter(([n]) => n !== 'EveryKind')) {
    it(`${name} renders, plays and is axe clean`, async () => {
      await Story.load();
      const { container } = render(<Story />);
      if (Story.play) await Story.run();
      expect(await violations(container)).toEqual([]);
    });
  }

  it('EveryKind shows a panel for each kind of the registry', async () => {
    await Properties.EveryKind.load();
    render(<Properties.EveryKind />);
    const names = screen.getAllByRole('region', { name: /^Properties of / }).map((r) => r.getAttribute('aria-label'));
    expect(names).toHaveLength(Object.keys(WIDGET_KINDS).length);
    // Named apart (one landmark name each).
    expect(new Set(names).size).toBe(names.length);
  });

  it('RuleEditorNestedWithBrokenRule shows three levels and flags the deleted and the later field', async () => {
    await Properties.RuleEditorNestedWithBrokenRule.load();
    render(<Properties.RuleEditorNestedWithBrokenRule />);
    expect(screen.getByRole('group', { name: 'Group of rules, level 3' })).toBeInTheDocument();
    const notes = screen.getAllByRole('note').map((n) => n.textContent);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/\/nickname, which no field of the form fills in any more/);
    expect(notes[1]).toMatch(/'Notes', which comes later in the form/);
  });
});

describe('JSON view stories', () => {
  it('Valid and WithError play, and the error is at its line', async () => {
    // run() mounts the story and awaits its play function (which finds the texts it expects).
    await Json.Valid.run();
    await Json.WithError.run();
    await Json.WithError.load();
    render(<Json.WithError />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Line \d+: The pattern '\(\[a-z\]' at \/properties\/name\/pattern is not a valid regular expression/),
      expect.stringMatching(/^Line \d+: Two fields are bound to the data path '\/email'\.$/),
    ]);
  });

  it('is axe clean, valid, with an error and read-only', async () => {
    for (const Story of [Json.Valid, Json.WithError, Json.ReadOnly]) {
      await Story.load();
      const { container, unmount } = render(<Story />);
      await screen.findByRole('textbox', { name: 'Form schema and layout as JSON' });
      expect(await violations(container)).toEqual([]);
      unmount();
    }
  });
});
