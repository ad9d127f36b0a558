import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { applicationSchema, widgetGalleryBadData, widgetGalleryData, widgetGallerySchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

async function violations(root: HTMLElement): Promise<string[]> {
  // Colour contrast needs layout, which jsdom does not do; the Storybook axe run checks it in Chromium.
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('FormRenderer accessibility (axe)', () => {
  it('edit mode with every error showing', async () => {
    const schema = widgetGallerySchema();
    const engine = createFormEngine(schema, { data: widgetGalleryBadData() });
    const { container } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    act(() => void engine.submit());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('view mode', async () => {
    const { container } = renderWithProviders(<FormRenderer schema={widgetGallerySchema()} mode="view" initialData={widgetGalleryData()} />);
    expect(await violations(container)).toEqual([]);
  });

  it('a multi-page form with a repeatable section', async () => {
    const schema = applicationSchema();
    const engine = createFormEngine(schema, { data: { applicant: { name: 'Ada', contactBy: 'phone' }, employment: { status: 'employed' }, dependants: [{ name: 'Tom' }, {}] } });
    const { container, user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={false} />);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await violations(container)).toEqual([]);
  });

  it('light controls of a progressively mounted form', async () => {
    const schema = widgetGallerySchema();
    const engine = createFormEngine(schema, { data: widgetGalleryBadData() });
    const { container } = renderWithProviders(<FormRenderer schema={schema} engine={engine} progressive={{ initial: 0, batch: 0 }} />);
    act(() => void engine.submit());
    expect(container.querySelectorAll('[data-lite]').length).toBeGreaterThan(10);
    expect(await violations(container)).toEqual([]);
  });
});
