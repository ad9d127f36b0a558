// Installed in every page of the benchmark's browser (context.addInitScript) before the app's own scripts run.
// Plain browser JavaScript on purpose: functions serialised out of tsx-compiled TypeScript may reference helpers
// (`__name`) that do not exist in the page.
//
// Times are `performance.now()` values of the page (milliseconds since its navigation started) and event
// `timeStamp`s (same clock). "Painted" means: the condition held after a DOM change, then the next animation frame
// ran and a message posted from it arrived — the usual "next paint" approximation.
(() => {
  if (window.__bench) return;
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const events = { keydown: null, pointerdown: null };
  addEventListener('keydown', (e) => (events.keydown = e.timeStamp), true);
  addEventListener('pointerdown', (e) => (events.pointerdown = e.timeStamp), true);

  const isVisible = (el) => !!el && !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const labelText = (text) => norm(text).replace(/\s*\*$/, '').toLowerCase();
  const matches = (text, labels) => labels.some((l) => labelText(text) === l.toLowerCase());

  /** The visible input labelled by one of `labels` (label element, aria-label or aria-labelledby). */
  function findInput(labels) {
    for (const label of document.querySelectorAll('label')) {
      if (!matches(label.textContent, labels)) continue;
      const control = label.control || (label.htmlFor ? document.getElementById(label.htmlFor) : null);
      if (control && control.tagName === 'INPUT' && isVisible(control)) return control;
    }
    for (const input of document.querySelectorAll('input[aria-label]')) {
      if (matches(input.getAttribute('aria-label'), labels) && isVisible(input)) return input;
    }
    for (const input of document.querySelectorAll('input[aria-labelledby]')) {
      const text = input
        .getAttribute('aria-labelledby')
        .split(/\s+/)
        .map((id) => (document.getElementById(id) || {}).textContent || '')
        .join(' ');
      if (matches(text, labels) && isVisible(input)) return input;
    }
    return null;
  }
  const enabled = (input) =>
    !!input && !input.disabled && !input.readOnly && input.getAttribute('aria-disabled') !== 'true';

  function listboxOf(input) {
    const id = input.getAttribute('aria-controls') || input.getAttribute('aria-owns');
    const own = id ? document.getElementById(id) : null;
    if (own && isVisible(own)) return own;
    return [...document.querySelectorAll('[role="listbox"]')].find(isVisible) || null;
  }
  /** The texts of the visible options of the input's listbox, or null when no listbox is open. */
  function optionTexts(input) {
    const box = input && listboxOf(input);
    if (!box) return null;
    // Disabled entries ("Type to search", "N more…") are hints, not options.
    return [...box.querySelectorAll('[role="option"]')]
      .filter((o) => isVisible(o) && o.getAttribute('aria-disabled') !== 'true' && !o.hasAttribute('data-combobox-disabled'))
      .map((o) => norm(o.textContent));
  }
  const loaderVisible = (root) =>
    [...root.querySelectorAll('[role="progressbar"], [aria-busy="true"], .mantine-Loader-root')].some(isVisible);

  /** Resolves once `check()` returns a value (checked on every DOM change, and every 250 ms), or on timeout. */
  function waitFor(check, timeoutMs) {
    return new Promise((resolve) => {
      let done = false;
      const finish = (value, tDom) => {
        done = true;
        observer.disconnect();
        clearInterval(fallback);
        clearTimeout(timer);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ ...value, tDom, tPaint: performance.now() });
          channel.port2.postMessage(null);
        });
      };
      const test = () => {
        if (done) return;
        let value = null;
        try {
          value = check();
        } catch {
          value = null;
        }
        if (value) finish(value, performance.now());
      };
      const observer = new MutationObserver(test);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      // A slow fallback poll only: checking every frame would take main-thread time from the page being measured.
      const fallback = setInterval(test, 250);
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        observer.disconnect();
        clearInterval(fallback);
        resolve({ timeout: true, at: performance.now() });
      }, timeoutMs);
      test();
    });
  }

  const pickers = {};
  const bench = {
    /** First time each registered picker was seen, and first time it was enabled (from the page's own clock). */
    pickers,
    /** Starts watching for pickers named by any of their labels, from the start of the document. */
    watchPickers(spec) {
      for (const [name, labels] of Object.entries(spec)) {
        pickers[name] = { labels, foundAt: null, enabledAt: null };
        const found = waitFor(() => (findInput(labels) ? { ok: true } : null), 120000).then((r) => {
          pickers[name].foundAt = r.tDom ?? null;
        });
        const ready = waitFor(() => (enabled(findInput(labels)) ? { ok: true } : null), 120000).then((r) => {
          pickers[name].enabledAt = r.tDom ?? null;
          pickers[name].enabledPaintAt = r.tPaint ?? null;
        });
        void found;
        void ready;
      }
    },
    /** Resolves with the picker's times once it has been enabled (null on timeout). */
    whenEnabled(name, timeoutMs) {
      const started = performance.now();
      return new Promise((resolve) => {
        const poll = () => {
          const picker = pickers[name];
          if (picker && picker.enabledAt !== null) resolve({ foundAt: picker.foundAt, enabledAt: picker.enabledAt });
          else if (performance.now() - started > timeoutMs) resolve(null);
          else setTimeout(poll, 20);
        };
        poll();
      });
    },
    /** Marks the picker's input with `data-bench-picker` so that the driver can click it; true when found. */
    mark(name, labels) {
      const input = findInput(labels);
      if (!input) return false;
      document.querySelectorAll(`[data-bench-picker="${name}"]`).forEach((el) => el.removeAttribute('data-bench-picker'));
      input.setAttribute('data-bench-picker', name);
      return true;
    },
    pending: null,
    /** Arms: after the next pointerdown, the picker's listbox shows at least one option. */
    armOpen(labels, timeoutMs) {
      events.pointerdown = null;
      bench.pending = waitFor(() => {
        if (events.pointerdown === null) return null;
        const texts = optionTexts(findInput(labels));
        return texts && texts.length ? { count: texts.length, tEvent: events.pointerdown } : null;
      }, timeoutMs);
      return true;
    },
    /**
     * Arms: after the next keydown, the picker's options all contain `query` (case-insensitive), there is at least
     * one, and they differ from the options shown when armed.
     */
    armFilter(labels, query, timeoutMs) {
      events.keydown = null;
      const before = (optionTexts(findInput(labels)) || []).join('\n');
      const q = query.toLowerCase();
      bench.pending = waitFor(() => {
        if (events.keydown === null) return null;
        const texts = optionTexts(findInput(labels));
        if (!texts || !texts.length || texts.join('\n') === before) return null;
        if (!texts.every((t) => t.toLowerCase().includes(q))) return null;
        return { count: texts.length, tEvent: events.keydown };
      }, timeoutMs);
      return true;
    },
    /**
     * Arms: after the next pointerdown, a heading starting with `headingPrefix` (and containing `name`, if given)
     * is shown, its section shows a checked checkbox labelled by each of `checkedKeys` (at least one checkbox when
     * none are given), and no loader is visible in it.
     */
    armPanel(headingPrefix, name, checkedKeys, timeoutMs) {
      events.pointerdown = null;
      const prefix = headingPrefix.toLowerCase();
      bench.pending = waitFor(() => {
        if (events.pointerdown === null) return null;
        const heading = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].find((h) => {
          const text = norm(h.textContent).toLowerCase();
          return text.startsWith(prefix) && (!name || text.includes(name.toLowerCase())) && isVisible(h);
        });
        if (!heading) return null;
        const section = heading.closest('section, [role="region"]') || document.body;
        if (loaderVisible(section)) return null;
        const boxes = [...section.querySelectorAll('input[type="checkbox"]')];
        if (!boxes.length) return null;
        if (checkedKeys.length) {
          const checked = new Set(
            boxes.filter((b) => b.checked).map((b) => norm((b.labels && b.labels[0] && b.labels[0].textContent) || b.getAttribute('aria-label'))),
          );
          if (!checkedKeys.every((k) => checked.has(k))) return null;
        }
        return { checkboxes: boxes.length, tEvent: events.pointerdown };
      }, timeoutMs);
      return true;
    },
    /** What a timed-out wait saw, for the report. */
    describe(labels) {
      const input = findInput(labels);
      const texts = optionTexts(input);
      return {
        input: input ? { enabled: enabled(input), value: input.value } : null,
        options: texts ? { count: texts.length, first: texts.slice(0, 3) } : null,
        headings: [...document.querySelectorAll('h1, h2, h3')].map((h) => norm(h.textContent)).slice(0, 6),
      };
    },
  };
  window.__bench = bench;
})();
