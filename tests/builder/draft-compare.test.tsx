import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builderDraftKey, useFormBuilder } from '../../src/builder/useFormBuilder';
import { WIDGET_KINDS } from '../../src/engine/widget-kinds';
import { APIProvider } from '../../src/query/APIProvider';
import { base, setupFakeApi } from '../admin/support/screen';
import { memoryStorage } from './support/memory-storage';

setupFakeApi();

function wrapper({ children }: { children?: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
      {children}
    </APIProvider>
  );
}

const shortText = WIDGET_KINDS.text!;

describe('useFormBuilder: unsaved changes and the draft', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells unsaved changes by the document’s structure, without writing the document out as JSON on each change', async () => {
    const storage = memoryStorage();
    const { result } = renderHook(() => useFormBuilder({ storage }), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.dirty).toBe(false);

    const stringify = vi.spyOn(JSON, 'stringify');
    act(() => result.current.dispatch({ type: 'addField', kind: shortText }));
    const doc = result.current.state.document;
    expect(result.current.dirty).toBe(true);
    // Only the draft (written later, once) may turn the document into JSON; telling it is unsaved did not.
    expect(stringify.mock.calls.filter(([value]) => value === doc.layout || value === doc.jsonSchema)).toHaveLength(0);

    act(() => result.current.dispatch({ type: 'undo' }));
    // Undone to what was loaded: a new object, equal to it, so nothing is unsaved.
    expect(result.current.dirty).toBe(false);
    act(() => result.current.dispatch({ type: 'redo' }));
    expect(result.current.dirty).toBe(true);
  });

  it('still writes the draft after a change, and drops it once the change is undone', async () => {
    const storage = memoryStorage();
    const key = builderDraftKey(null, null);
    const { result } = renderHook(() => useFormBuilder({ storage }), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    act(() => result.current.dispatch({ type: 'addField', kind: shortText }));
    await waitFor(() => expect(storage.getItem(key)).toContain('"widget":"text"'));
    act(() => result.current.dispatch({ type: 'undo' }));
    await waitFor(() => expect(storage.getItem(key)).toBeNull());
  });

  it('keeps a draft for the person who left it: whoever signs in next on the browser is not offered it', async () => {
    const storage = memoryStorage();
    const eddie = renderHook(() => useFormBuilder({ storage, draftOwner: 'eddie' }), { wrapper });
    await waitFor(() => expect(eddie.result.current.isLoading).toBe(false));
    act(() => eddie.result.current.dispatch({ type: 'addField', kind: shortText }));
    await waitFor(() => expect(storage.getItem(builderDraftKey(null, null, 'eddie'))).toContain('"widget":"text"'));
    expect(eddie.result.current.draftKey).toBe(builderDraftKey(null, null, 'eddie'));
    eddie.unmount();
    // Nothing under the browser's own key, nor under another person's.
    expect(storage.getItem(builderDraftKey(null, null))).toBeNull();
    const ada = renderHook(() => useFormBuilder({ storage, draftOwner: 'ada' }), { wrapper });
    await waitFor(() => expect(ada.result.current.isLoading).toBe(false));
    expect(ada.result.current.storedDraft).toBeNull();
    ada.unmount();
    const again = renderHook(() => useFormBuilder({ storage, draftOwner: 'eddie' }), { wrapper });
    await waitFor(() => expect(again.result.current.storedDraft?.document.layout.pages[0]?.sections[0]?.fields).toHaveLength(1));
    // An owner is written so that it cannot end in another key: no ':' of its own.
    expect(builderDraftKey('f', null, 'a:b')).toBe('ccq-form-builder-draft:a%3Ab:f:current');
  });
});
