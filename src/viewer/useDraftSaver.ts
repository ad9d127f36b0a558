import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FormInstance } from '../api/types';
import { useFormViewerApi } from '../query/viewer-client';
import { saveFormInstance } from '../query/forms-viewer';
import { createDraftSaver, type DraftSaver, type SaveBackoff, type SaverState } from './draft-saver';

/** Options of {@link useDraftSaver}. */
export interface UseDraftSaverOptions {
  formSchemaId: string;
  formId: string;
  formInstanceId: string | null;
  /** The version (ETag) the instance was read at; its first save is checked against it. */
  version?: string | null;
  linkToken: string | null;
  debounceMs?: number;
  backoff?: SaveBackoff;
  onSaved?: (instance: FormInstance) => void;
  onCreated?: (instance: FormInstance, linkToken: string | null) => void;
  onSubmitted?: (instance: FormInstance) => void;
}

/**
 * The autosave of one instance for the life of the component (see `createDraftSaver`), its state, and a clock that
 * ticks once a second while a retry is scheduled (for the countdown; 0 before the first retry).
 */
export function useDraftSaver(options: UseDraftSaverOptions): { saver: DraftSaver; state: SaverState; now: number } {
  const { client } = useFormViewerApi();
  // Callbacks change every render; the saver calls the latest ones.
  const latest = useRef(options);
  latest.current = options;
  const [saver] = useState(() =>
    createDraftSaver({
      formSchemaId: options.formSchemaId,
      formId: options.formId,
      formInstanceId: options.formInstanceId,
      version: options.version,
      linkToken: options.linkToken,
      debounceMs: options.debounceMs,
      backoff: options.backoff,
      send: (save) => saveFormInstance(client, { ...save, formSchemaId: options.formSchemaId, formId: options.formId }),
      onSaved: (instance) => latest.current.onSaved?.(instance),
      onCreated: (instance, token) => latest.current.onCreated?.(instance, token),
      onSubmitted: (instance) => latest.current.onSubmitted?.(instance),
    }),
  );
  useEffect(() => {
    saver.start();
    return () => saver.dispose();
  }, [saver]);
  const state = useSyncExternalStore(saver.subscribe, saver.getState, saver.getState);

  // The clock is read in a layout effect, never while rendering (a server render or prerender must not depend on the
  // time, and a layout effect does not run there): when a retry is scheduled it ticks before the browser paints, so the
  // countdown never shows the time of another retry, then once a second.
  const [now, setNow] = useState(0);
  useLayoutEffect(() => {
    if (state.retryAt === null) return;
    setNow(Date.now());
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [state.retryAt]);

  return { saver, state, now };
}
