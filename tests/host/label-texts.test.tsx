import './support/jsdom';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useLabelTexts } from '../../example-host/src/useLabelTexts';
import { APIProvider, defaultLabels, formViewerLabels, routerLabels } from '../../src';

// The host's pages of the main chunk (the public form, the router's 404 and error pages) read one group of texts
// instead of every screen's: the same defaults as `defaultLabels`, with the host's overrides from the APIProvider.

function withLabels(labels: Record<string, string>) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <APIProvider baseUrl="http://api.test" labels={labels}>
        {children}
      </APIProvider>
    );
  };
}

describe('useLabelTexts', () => {
  it('answers the group’s defaults outside a provider, the same texts defaultLabels holds', () => {
    const { result } = renderHook(() => useLabelTexts(routerLabels));
    expect(result.current).toEqual(routerLabels);
    for (const [key, text] of Object.entries({ ...routerLabels, ...formViewerLabels })) {
      expect(defaultLabels[key as keyof typeof defaultLabels]).toBe(text);
    }
  });

  it('applies the host’s overrides over the group', () => {
    const { result } = renderHook(() => useLabelTexts(routerLabels), { wrapper: withLabels({ notFound: 'Introuvable' }) });
    expect(result.current.notFound).toBe('Introuvable');
    expect(result.current.somethingWentWrong).toBe('Something went wrong!');
  });
});
