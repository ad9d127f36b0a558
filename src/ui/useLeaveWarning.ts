import { useEffect } from 'react';

/**
 * While `unsaved` is true, the browser asks before the page is closed, reloaded or left for another site (in its own
 * words: browsers no longer show a page's text). Navigation inside a host's single-page router is the host's to guard
 * (a screen with unsaved work says so through its `onDirtyChange`).
 */
export function useLeaveWarning(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved || typeof window === 'undefined') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
}
