import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll } from 'vitest';
import preview from '../../.storybook/preview';
import * as RatingStories from '../../stories/forms/Rating.stories';
import { widgetFields } from '../../stories/forms/fixtures';
import { WidgetStates } from '../../stories/forms/WidgetStates';
import { renderWithProviders } from '../support/render';

// The Forms/Widgets stories: every widget in its edit, error, disabled and view states.
describe('WidgetStates (the widget stories)', () => {
  it.each(widgetFields.map((w) => [w.widget, w] as const))('%s renders its four states', (widget, entry) => {
    const { container } = renderWithProviders(<WidgetStates widget={widget} />);
    for (const title of ['Edit', 'Error', 'Disabled', 'View']) expect(screen.getByText(title)).toBeInTheDocument();
    const forms = container.querySelectorAll('form');
    expect(forms).toHaveLength(4);
    if (widget === 'static') return;
    // Error: a message is shown at the field (its own wrong answer, or "required" when it has none).
    expect(forms[1]!.querySelector('[aria-invalid="true"]'), widget).not.toBeNull();
    // Disabled: no enabled control.
    const enabled = [...forms[2]!.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), select, textarea, button')].filter((e) => !e.disabled);
    expect(enabled.map((e) => e.outerHTML)).toEqual([]);
    // View: the label and no control.
    expect(forms[3]!.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(forms[3]!.textContent).toContain(entry.field.label);
  });
});

// The Forms/Rating stories as fixtures, in light and in dark: each renders, its play function passes, and axe finds
// nothing (colour contrast needs layout, which jsdom does not do: the Storybook axe run checks it in Chromium).
describe('the rating stories', () => {
  afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
  const names = Object.keys(composeStories(RatingStories)) as (keyof ReturnType<typeof composeStories<typeof RatingStories>>)[];
  for (const theme of ['light', 'dark'] as const) {
    for (const name of names) {
      it(`${name} (${theme}) renders, plays and is axe clean`, async () => {
        setProjectAnnotations({ ...preview, initialGlobals: { theme }, loaders: [] });
        await composeStories(RatingStories)[name].run();
        expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(theme);
        const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
        expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});
