import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { SetupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as BuilderStories from '../../stories/builder/FormBuilder.stories';
import { resetFakeBackend } from '../../stories/support/fakeBackend';

// The stories are the fixtures: each renders, its play function passes, and axe finds nothing (colour contrast needs
// layout, which jsdom does not do: the Storybook axe run checks it in Chromium, light and dark).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
setProjectAnnotations({ ...preview, loaders: [resetFakeBackend, mswLoader(() => server as unknown as SetupWorker)] });

const Stories = composeStories(BuilderStories);

async function violations(root: HTMLElement): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const fieldItems = () => within(screen.getByRole('region', { name: 'Form' })).queryAllByRole('button', { name: /^Field / });

describe('FormBuilder stories', () => {
  it('Empty offers the palette and the templates, and is axe clean', async () => {
    await Stories.Empty.load();
    const { container } = render(<Stories.Empty />);
    expect(await screen.findByRole('button', { name: 'Add Short text' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('This form has no fields yet. Add one from the palette, or drag it here.')).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  }, 60_000);

  it('Populated shows the Loan Application with its fields, and is axe clean', async () => {
    await Stories.Populated.load();
    const { container } = render(<Stories.Populated />);
    await screen.findByRole('heading', { name: 'Form builder: Loan Application' }, { timeout: 10_000 });
    await waitFor(() => expect(fieldItems().length).toBeGreaterThan(5));
    expect(await violations(container)).toEqual([]);
  }, 60_000);

  it('SelectedRadio plays (its property panel opens) and is axe clean', async () => {
    await Stories.SelectedRadio.load();
    const { container } = render(<Stories.SelectedRadio />);
    await Stories.SelectedRadio.play?.({ canvasElement: container } as never);
    expect(within(container).getByRole('button', { pressed: true, name: /^Field / })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  }, 60_000);

  it('NestedSections draws sections in sections one heading level down, plays, and is axe clean', async () => {
    await Stories.NestedSections.load();
    const { container } = render(<Stories.NestedSections />);
    await Stories.NestedSections.play?.({ canvasElement: container } as never);
    const form = screen.getByRole('region', { name: 'Form' });
    expect(within(form).getByRole('heading', { name: 'Applicant', level: 3 })).toBeInTheDocument();
    expect(within(form).getByRole('heading', { name: 'Address', level: 4 })).toBeInTheDocument();
    expect(within(form).getByRole('heading', { name: 'Dates', level: 4 })).toBeInTheDocument();
    expect(fieldItems().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Field Full name',
      'Field Street',
      'Field City',
      'Field Previous street',
      'Field Employer',
      'Field From',
      'Field To',
    ]);
    expect(await violations(container)).toEqual([]);
  }, 60_000);

  it('PhoneTabs shows one view at a time as tabs, reaches a label by keyboard, and is axe clean', async () => {
    await Stories.PhoneTabs.load();
    const { container } = render(<Stories.PhoneTabs />);
    await Stories.PhoneTabs.play?.({ canvasElement: container } as never);
    expect(screen.getByRole('tablist', { name: 'Builder views' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Add', 'Form', 'Properties', 'Preview']);
    // Properties is the view shown: the canvas is not beside it (no overlap), nor the palette.
    expect(screen.getByRole('tabpanel', { name: 'Properties' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Form', hidden: true })).not.toBeVisible();
    expect(await violations(container)).toEqual([]);
  }, 60_000);

  it('HostWidget offers the host’s star rating in the palette and adds it to the canvas', async () => {
    await Stories.HostWidget.load();
    const { container } = render(<Stories.HostWidget />);
    await Stories.HostWidget.play?.({ canvasElement: container } as never);
    expect(within(container).getAllByRole('button', { name: /^Field / })).toHaveLength(1);
    expect(within(container).getByRole('button', { name: 'Add Star rating' })).toBeInTheDocument();
  }, 60_000);

  it('ReadOnlyUser shows no edit control', async () => {
    await Stories.ReadOnlyUser.load();
    render(<Stories.ReadOnlyUser />);
    expect(await screen.findByText('You can look at this form, but you may not change it.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Add|Undo|Redo|Save|Actions for)/ })).not.toBeInTheDocument();
  }, 60_000);

  it('LoadFails shows the message', async () => {
    await Stories.LoadFails.load();
    render(<Stories.LoadFails />);
    expect(await screen.findByText('Failed to load the form. Please try again.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});
