import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { FormSchema, FormSection } from '../../src/api/types';
import { createFormEngine } from '../../src/engine';
import { FormRenderer, generateForm } from '../../src/forms';
import { nestedSectionsData, nestedSectionsSchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

const headings = (root: ParentNode = document) =>
  [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName.toLowerCase()} ${h.textContent}`);

async function axeViolations(root: Element): Promise<string[]> {
  // Colour contrast needs layout, which jsdom does not do; the Storybook axe run checks it in Chromium.
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('FormRenderer: sections inside sections', () => {
  it('draws each nested section inside its parent, after its fields, one heading level down (h3 → h4 → h5)', async () => {
    const { container } = renderWithProviders(<FormRenderer schema={nestedSectionsSchema()} idPrefix="n" />);
    expect(headings(container)).toEqual(['h2 Applicant', 'h3 Applicant', 'h4 Address', 'h5 Delivery']);
    const applicant = document.getElementById('n-section-applicant')!;
    const address = document.getElementById('n-section-address')!;
    const delivery = document.getElementById('n-section-delivery')!;
    expect(applicant.contains(address) && address.contains(delivery)).toBe(true);
    expect([applicant, address, delivery].map((s) => s.getAttribute('data-depth'))).toEqual(['1', '2', '3']);
    // The parent's own fields come first.
    const name = document.getElementById('n-name')!;
    expect(name.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Address' })).toBe(address);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('never skips a level: under a section without a title the next one takes its place; h6 at most', () => {
    const text = (id: string) => ({ id, path: `/${id}`, widget: 'text' as const, label: id });
    let deepest: FormSection = { id: 'l4', title: 'Level 4', fields: [text('d')] };
    deepest = { id: 'l3', title: 'Level 3', fields: [text('c')], sections: [deepest] };
    const untitled: FormSection = { id: 'l2', title: '', fields: [text('b')], sections: [deepest] };
    const schema = nestedSectionsSchema();
    const layout = { pages: [{ id: 'p', title: 'P', sections: [{ id: 'l1', title: 'Level 1', fields: [text('a')], sections: [untitled] }] }] };
    renderWithProviders(<FormRenderer schema={{ ...schema, formSchemaId: 'untitled-levels', layout }} headingLevel={4} />);
    expect(headings()).toEqual(['h4 Level 1', 'h5 Level 3', 'h6 Level 4']);
  });

  it('draws a nested section in each item of a repeatable section, with one Add and one Remove per item', async () => {
    const schema = nestedSectionsSchema();
    const engine = createFormEngine(schema, { data: nestedSectionsData() });
    const { user, container } = renderWithProviders(<FormRenderer schema={schema} engine={engine} initialPage={1} idPrefix="n" />);
    expect(await axeViolations(container)).toEqual([]);
    const items = screen.getAllByRole('group', { name: /^Jobs \d$/ });
    expect(items).toHaveLength(2);
    for (const [index, item] of items.entries()) {
      expect(headings(item)).toEqual(['h4 Dates']);
      const dates = within(item).getByRole('group', { name: 'Dates' });
      // The owner's field first, then the nested section's fields of the same item.
      expect(within(item).getByLabelText('Employer').compareDocumentPosition(dates) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(dates).getByLabelText(/^To/)).toHaveAttribute('id', `n-to-${index}`);
      expect(within(item).getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
    }
    expect(screen.getAllByRole('button', { name: 'Add a job' })).toHaveLength(1);
    await user.clear(within(items[1]!).getByLabelText(/^From/));
    await user.type(within(items[1]!).getByLabelText(/^From/), '1844-02-03');
    expect(engine.getValue('/jobs/1/from')).toBe('1844-02-03');
    await user.click(screen.getByRole('button', { name: 'Add a job' }));
    const third = screen.getByRole('group', { name: 'Jobs 3' });
    expect(within(third).getByRole('group', { name: 'Dates' })).toBeInTheDocument();
    await user.click(within(items[0]!).getByRole('button', { name: 'Remove' }));
    expect(screen.getAllByRole('group', { name: /^Jobs \d$/ })).toHaveLength(2);
    expect(engine.getValue('/jobs/0/from')).toBe('1844-02-03');
  });

  it('reports a required nested field of an item on its page and links to it', async () => {
    const schema = nestedSectionsSchema();
    const data = nestedSectionsData();
    delete (data.jobs as { to?: string }[])[1]!.to;
    const { user } = renderWithProviders(<FormRenderer schema={schema} initialData={data} initialPage={1} idPrefix="n" />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('To (2):');
    await user.click(within(summary).getByRole('link'));
    await waitFor(() => expect(document.getElementById('n-to-1')).toHaveFocus());
    expect(document.getElementById('n-to-1')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the nested answers in view mode, each level in its frame, the dates in each job', async () => {
    const { container } = renderWithProviders(<FormRenderer schema={nestedSectionsSchema()} mode="view" initialData={nestedSectionsData()} />);
    expect(headings(container)).toEqual(['h2 Applicant', 'h3 Applicant', 'h4 Address', 'h5 Delivery', 'h2 Work', 'h3 Jobs', 'h4 Dates', 'h4 Dates']);
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('Behind the gate')).toBeInTheDocument();
    const second = screen.getByRole('group', { name: 'Jobs 2' });
    expect(within(second).getByText('Difference Works')).toBeInTheDocument();
    expect(within(within(second).getByRole('group', { name: 'Dates' })).getByText(/1845/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('windows nested sections on their own: each mounts and upgrades as it comes near the viewport', async () => {
    // Four groups of ten, the 2nd inside the 1st and the 4th inside the 3rd.
    const base = generateForm(40);
    const [g1, g2, g3, g4] = base.layout.pages[0]!.sections as [FormSection, FormSection, FormSection, FormSection];
    const schema: FormSchema = {
      ...base,
      formSchemaId: 'generated-nested-windowing',
      layout: { pages: [{ id: 'p', title: 'P', sections: [{ ...g1, sections: [g2] }, { ...g3, sections: [g4] }] }] },
    };
    const observed = new Map<Element, (entries: IntersectionObserverEntry[]) => void>();
    class FakeObserver {
      constructor(private readonly callback: (entries: IntersectionObserverEntry[]) => void) {}
      observe(element: Element) {
        observed.set(element, this.callback);
      }
      unobserve(element: Element) {
        observed.delete(element);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      renderWithProviders(<FormRenderer schema={schema} progressive={{ initial: 10, mount: 20, mountBatch: 0 }} idPrefix="w" />);
      // The 1st group in full, the 2nd (inside it) as light controls, the 3rd and 4th not mounted yet.
      expect(document.getElementById('w-g1f1')?.closest('[data-lite]')).toBeNull();
      expect(document.getElementById('w-g2f1')?.closest('[data-lite]')).not.toBeNull();
      expect(document.getElementById('w-g4f1')).toBeNull();
      const nested = document.getElementById('w-section-group4')!;
      expect(nested.parentElement?.closest('section')?.id).toBe('w-section-group3');
      expect(observed.has(nested)).toBe(true);
      act(() => observed.get(nested)!([{ target: nested, isIntersecting: true } as unknown as IntersectionObserverEntry]));
      // The nested section came near: its fields mount as full widgets, while its parent's are still to come.
      expect(document.getElementById('w-g4f1')).not.toBeNull();
      expect(document.getElementById('w-g4f1')?.closest('[data-lite]')).toBeNull();
      expect(document.getElementById('w-g3f1')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
