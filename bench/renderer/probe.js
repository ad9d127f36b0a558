// Installed in every bench page (context.addInitScript) before the page's own code runs. Plain browser JavaScript on
// purpose (functions serialised out of tsx-compiled TypeScript may reference helpers the page lacks).
//
// Times are the page's `performance.now()` (milliseconds since navigation start). After each DOM change
// (MutationObserver, plus a 50 ms poll as a fallback) it checks:
//   - first field: some form control is in the viewport with a box (visible);
//   - all fields: the page holds `expected` field controls (the runner passes `?expect=N`).
// When a check first holds, the next animation frame runs and a message posted from it arrives: that is "painted"
// (the usual next-paint approximation), and the message being handled also shows the main thread is free again.
(() => {
  if (window.__probe) return;
  const params = new URLSearchParams(location.search);
  const expected = Number(params.get('expect') || 0);
  // A control the user fills in: native inputs (not hidden), selects, text areas, and ARIA comboboxes that are not
  // inputs themselves (custom dropdowns).
  const CONTROLS = 'input:not([type="hidden"]), select, textarea, [role="combobox"]:not(input)';
  const probe = { firstDom: null, firstPaint: null, allDom: null, allPaint: null, controls: 0, checks: 0 };
  window.__probe = probe;

  const painted = (key) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe[key] = performance.now();
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    });
  };
  const inViewport = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  };
  // Controls a renderer hides visually but keeps for its custom look (e.g. a checkbox under a drawn box) still count
  // as fields; for "first field visible" the control or its label must have a box in the viewport.
  const visibleField = (el) => inViewport(el) || (el.labels && [...el.labels].some(inViewport));

  let observer = null;
  let poll = null;
  const check = () => {
    probe.checks++;
    if (probe.firstDom === null) {
      const first = [...document.querySelectorAll(CONTROLS)].slice(0, 50).find(visibleField);
      if (first) {
        probe.firstDom = performance.now();
        painted('firstPaint');
      }
    }
    if (probe.allDom === null && expected > 0) {
      probe.controls = document.querySelectorAll(CONTROLS).length;
      if (probe.controls >= expected) {
        probe.allDom = performance.now();
        painted('allPaint');
      }
    }
    if (probe.firstDom !== null && (probe.allDom !== null || expected === 0)) {
      observer?.disconnect();
      clearInterval(poll);
    }
  };
  let scheduled = false;
  observer = new MutationObserver(() => {
    // One check per burst of mutations (a microtask after the last one in this task).
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      check();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
  poll = setInterval(check, 50);
})();
