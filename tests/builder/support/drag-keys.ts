/** A keyboard drag's keys and what dnd-kit's live region says, for the builder's render tests. */
import { act, fireEvent } from '@testing-library/react';

/** A key of a keyboard drag pressed on the focused element, then 30 ms for dnd-kit to answer it. */
export async function pressDragKey(code: 'Space' | 'ArrowDown' | 'Escape') {
  const target = document.activeElement ?? document.body;
  await act(async () => {
    fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code });
    await new Promise((r) => setTimeout(r, 30));
  });
}

/** What dnd-kit's live region says now. */
export const dragAnnouncement = (): string => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
