/**
 * Holds an action back while a mouse button is down.
 *
 * Pressing a button, a radio or any other control moves focus at mousedown, so the field left behind is blurred before
 * the click happens. If that blur shows the field's error, the message pushes everything below it down by a line while
 * the button is still held, the release lands elsewhere and the click is lost. Actions given to {@link afterPress}
 * during a press run once it ends, after the click it produced has been handled: nothing moves under the pointer.
 */

let pressed = false;
let listening: Document | null = null;
const waiting: (() => void)[] = [];

function runWaiting(): void {
  for (const action of waiting.splice(0)) action();
}

/**
 * Starts watching the mouse buttons of `doc` (once per document; the renderer calls it as it mounts, before the first
 * press that could blur one of its fields).
 */
export function watchPresses(doc: Document): void {
  if (listening === doc) return;
  listening = doc;
  // Capture: known before any handler of the page runs, and before focus moves.
  doc.addEventListener('mousedown', () => (pressed = true), true);
  // The click follows mouseup in the same task, so a task queued at mouseup runs after the click's handlers; a press
  // that ends without a click (dragged away, cancelled) releases the actions all the same.
  const release = () => {
    if (!pressed) return;
    pressed = false;
    setTimeout(runWaiting, 0);
  };
  doc.addEventListener('mouseup', release, true);
  // A click or a key without a mouseup seen before it (synthetic events, a press that began outside the page).
  doc.addEventListener('click', release, true);
  doc.addEventListener('keydown', release, true);
  doc.addEventListener('dragend', release, true);
  doc.defaultView?.addEventListener('blur', release);
}

/**
 * Runs `action` now, or, while a mouse button is held down, once it has been released and its click handled.
 * Touch and keyboard never wait: a tap moves focus only as it clicks.
 */
export function afterPress(action: () => void, doc: Document | undefined = globalThis.document): void {
  if (!doc) {
    action();
    return;
  }
  watchPresses(doc);
  if (pressed) waiting.push(action);
  else action();
}
