import { useCallback, useState } from 'react';

/**
 * State that starts afresh whenever `key` changes (e.g. another holder is chosen), without remounting: what a
 * headless hook needs where a view would use a React `key`. Coming back to an earlier key starts afresh too.
 */
export function useKeyedState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [state, setState] = useState<{ key: string; value: T }>({ key, value: initial });
  const set = useCallback((value: T) => setState({ key, value }), [key]);
  if (state.key !== key) {
    // React's pattern for state derived from props: reset during render, before anything is painted.
    setState({ key, value: initial });
    return [initial, set];
  }
  return [state.value, set];
}
