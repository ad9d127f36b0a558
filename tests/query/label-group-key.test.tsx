import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultLabels, type Labels } from '../../src/query/labels';
import { useLabels } from '../../src/query/useLabels';

function Shows({ labels }: { labels?: Partial<Labels> }) {
  const texts = useLabels(labels);
  return <span>{texts.fbProperties}</span>;
}

describe('useLabelGroup', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keys an overrides object once, not on every render of every piece that is handed it', () => {
    const overrides: Partial<Labels> = { ...defaultLabels, fbProperties: 'Eigenschaften' };
    const view = render(
      <>
        <Shows labels={overrides} />
        <Shows labels={overrides} />
      </>,
    );
    const stringify = vi.spyOn(JSON, 'stringify');
    view.rerender(
      <>
        <Shows labels={overrides} />
        <Shows labels={overrides} />
      </>,
    );
    expect(stringify.mock.calls.filter(([value]) => value === overrides)).toHaveLength(0);
    expect(view.getAllByText('Eigenschaften')).toHaveLength(2);
  });

  it('still follows new override values in a new object, and an inline object with the same values keeps its texts', () => {
    const view = render(<Shows labels={{ fbProperties: 'One' }} />);
    expect(view.getByText('One')).toBeTruthy();
    view.rerender(<Shows labels={{ fbProperties: 'Two' }} />);
    expect(view.getByText('Two')).toBeTruthy();
    view.rerender(<Shows labels={{ fbProperties: 'Two' }} />);
    expect(view.getByText('Two')).toBeTruthy();
  });
});

describe('useLabelGroup: the merged texts', () => {
  it('pieces handed the same texts share one merged object instead of each spreading hundreds of texts', () => {
    const seen: object[] = [];
    function Records({ labels }: { labels?: Partial<Labels> }) {
      seen.push(useLabels(labels));
      return null;
    }
    const overrides: Partial<Labels> = { ...defaultLabels, fbProperties: 'Eigenschaften' };
    render(
      <>
        <Records labels={overrides} />
        <Records labels={overrides} />
        <Records labels={{ ...overrides }} />
      </>,
    );
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    // Equal values in another object: the same texts, merged once.
    expect(seen[2]).toBe(seen[0]);
    expect((seen[0] as Labels).fbProperties).toBe('Eigenschaften');
  });
});
