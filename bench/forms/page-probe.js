// Installed in every page of the forms bench's browser (context.addInitScript) before the app's own scripts run.
// Plain browser JavaScript on purpose: functions serialised out of tsx-compiled TypeScript may reference helpers
// (`__name`) that do not exist in the page.
//
// Times are `performance.now()` values of the page (milliseconds since its navigation started) and event
// `timeStamp`s (same clock). "Painted" means: the condition held after a DOM change, then the next animation frame
// ran and a message posted from it arrived — the usual "next paint" approximation.
(() => {
  if (window.__forms) return;
  let lastKeydown = null;
  addEventListener('keydown', (e) => (lastKeydown = e.timeStamp), true);

  const table = (label) => document.querySelector(`table[aria-label="${label}"]`);
  const root = (label) => table(label)?.closest('.mantine-datatable') ?? null;
  const fetching = (label) => !!root(label)?.querySelector('.mantine-datatable-loader-fetching');
  const rows = (label) => [...(table(label)?.querySelectorAll('tbody tr.mantine-datatable-row') ?? [])];
  const pagination = (label) => (root(label)?.querySelector('.mantine-datatable-pagination-text')?.textContent ?? '').trim();

  /** Rows shown, no fetch running, and the first row's controls enabled (a user can act on it). */
  function usable(label) {
    const shown = rows(label);
    if (!shown.length || fetching(label)) return false;
    const controls = shown[0].querySelectorAll('button, input, a[href]');
    return controls.length > 0 && [...controls].every((c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true');
  }

  /** Resolves with the paint time after `condition` first holds (checked on every DOM change), or a timeout. */
  function whenPainted(condition, timeoutMs) {
    return new Promise((resolve) => {
      let settled = false;
      let scheduled = false;
      const finish = (value) => {
        if (settled) return;
        settled = true;
        observer.disconnect();
        clearTimeout(timer);
        resolve(value);
      };
      const check = () => {
        if (scheduled || settled || !condition()) return;
        scheduled = true;
        observer.disconnect();
        const tDom = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => finish({ tDom, tPaint: performance.now() });
          channel.port2.postMessage(null);
        });
      };
      const observer = new MutationObserver(check);
      const timer = setTimeout(() => finish({ timeout: true }), timeoutMs);
      const start = () => {
        observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
        check();
      };
      if (document.documentElement) start();
      else addEventListener('DOMContentLoaded', start, { once: true });
    });
  }

  window.__forms = {
    /** When the table labelled `label` was first usable (page clock, painted), and how many rows it showed. */
    async usableAt(label, timeoutMs) {
      const result = await whenPainted(() => usable(label), timeoutMs);
      return { ...result, rows: rows(label).length, pagination: pagination(label) };
    },
    /** The pagination text ("1 – 20 of 96,918" or the like) and the rows shown. */
    state(label) {
      return { pagination: pagination(label), rows: rows(label).length, fetching: fetching(label), usable: usable(label) };
    },
    pending: null,
    /**
     * Arms a wait for the results of a search: the table settled (no fetch) with a pagination text other than
     * `before` (or no rows), or, given `total`, showing that total. `pending` resolves with the paint time and the
     * last keydown's time stamp.
     */
    armResults(label, before, timeoutMs, total) {
      this.pending = whenPainted(() => {
        if (fetching(label)) return false;
        const now = pagination(label);
        // With the expected total: only the final term's results count (a pause while typing may show a prefix's).
        // The total is written through the locale ('9,774'): its group separators are dropped before it is read.
        if (typeof total === 'number') return now.replace(/(?<=\d)[,.'\u00a0\u202f ](?=\d{3}(?!\d))/g, '').replace(/[^0-9]+/g, ' ').trim().split(' ').pop() === String(total);
        return (now !== '' && now !== before) || (rows(label).length === 0 && !!root(label));
      }, timeoutMs).then((r) => ({ ...r, lastKeydown, pagination: pagination(label), rows: rows(label).length }));
    },
  };
})();
