/**
 * Small inline SVG icons: the form builder's palette (one per widget kind, and page, section, repeatable section).
 * Drawn in `currentColor` with a 24-unit grid and a 2-unit stroke, so they follow the text colour in both colour
 * schemes and need no font: Unicode symbols (📅, 🕒, ⏻, ⧉…) render as empty boxes where the system has no font for
 * them. Every icon is decorative (`aria-hidden`): a control that shows one names itself by its text.
 */
import type { ReactElement, ReactNode } from 'react';

/** An icon at 18 CSS pixels, or `size`; hidden from assistive technology. */
function Svg({ children, size = 18 }: { children: ReactNode; size?: number }): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', margin: 'auto' }}
    >
      {children}
    </svg>
  );
}

/** One icon made of paths (`d` values), circles and rectangles. */
function icon(...parts: ReactNode[]): ReactElement {
  return <Svg>{parts}</Svg>;
}

const p = (d: string, key = d) => <path key={key} d={d} />;
const rect = (x: number, y: number, w: number, h: number, r: number) => <rect key={`r${x},${y},${w},${h}`} x={x} y={y} width={w} height={h} rx={r} />;
const circle = (cx: number, cy: number, r: number, filled = false) => <circle key={`c${cx},${cy},${r}`} cx={cx} cy={cy} r={r} fill={filled ? 'currentColor' : 'none'} />;

/** The palette's icon of each built-in widget kind and layout entry, by its name. */
export const BUILDER_ICONS = {
  /** A one-line box with a text cursor. */
  text: icon(rect(3, 7, 18, 10, 2), p('M7 10v4')),
  /** Lines of a paragraph. */
  textarea: icon(p('M4 6h16'), p('M4 10h16'), p('M4 14h16'), p('M4 18h10')),
  /** A telephone handset. */
  phone: icon(p('M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5l1.5 -2.5l5 2v4a2 2 0 0 1 -2 2a16 16 0 0 1 -15 -15a2 2 0 0 1 2 -2')),
  /** An envelope. */
  email: icon(rect(3, 5, 18, 14, 2), p('M3 7l9 6l9 -6')),
  /** Two chain links. */
  url: icon(p('M9 15l6 -6'), p('M11 6l.5 -.5a5 5 0 0 1 7 7l-.5 .5'), p('M13 18l-.5 .5a5 5 0 0 1 -7 -7l.5 -.5')),
  /** A calendar page. */
  date: icon(rect(4, 5, 16, 16, 2), p('M16 3v4'), p('M8 3v4'), p('M4 11h16')),
  /** A clock. */
  time: icon(circle(12, 12, 9), p('M12 7v5l3 3')),
  /** A calendar with a clock. */
  datetime: icon(p('M11 21h-5a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v4'), p('M16 3v4'), p('M8 3v4'), p('M4 11h7'), circle(17.5, 17.5, 4), p('M17.5 16v1.5l1 1')),
  /** A hash sign. */
  number: icon(p('M5 9h14'), p('M5 15h14'), p('M11 4l-4 16'), p('M17 4l-4 16')),
  /** The digits 1 2 3. */
  integer: icon(
    p('M3 10l2 -2v8'),
    p('M9 8h3a1 1 0 0 1 1 1v2a1 1 0 0 1 -1 1h-2a1 1 0 0 0 -1 1v2a1 1 0 0 0 1 1h3'),
    p('M17 8h2.5a1.5 1.5 0 0 1 1.5 1.5v1a1.5 1.5 0 0 1 -1.5 1.5h-1.5h1.5a1.5 1.5 0 0 1 1.5 1.5v1a1.5 1.5 0 0 1 -1.5 1.5h-2.5'),
  ),
  /** A ticked box. */
  checkbox: icon(rect(4, 4, 16, 16, 2), p('M9 12l2 2l4 -4')),
  /** A toggle switched on. */
  switch: icon(rect(2, 6, 20, 12, 6), circle(16, 12, 2.5, true)),
  /** A box with a drop-down chevron. */
  select: icon(rect(3, 7, 18, 10, 2), p('M13 11l2.5 2.5l2.5 -2.5')),
  /** A chosen radio button. */
  radio: icon(circle(12, 12, 9), circle(12, 12, 3.5, true)),
  /** A bar of three joined choices. */
  segmented: icon(rect(2, 7, 20, 10, 2), p('M9 7v10'), p('M15 7v10')),
  /** A box holding two chosen values. */
  multiselect: icon(rect(2, 6, 20, 12, 2), rect(5, 9, 6, 6, 1), rect(13, 9, 5, 6, 1)),
  /** A list with ticks. */
  checkboxes: icon(p('M3.5 5.5l1.5 1.5l2.5 -2.5'), p('M3.5 11.5l1.5 1.5l2.5 -2.5'), p('M3.5 17.5l1.5 1.5l2.5 -2.5'), p('M11 6h9'), p('M11 12h9'), p('M11 18h9')),
  /** A handwritten stroke. */
  signature: icon(p('M3 17c3.3 -3.3 5 -6 5 -8c0 -3 -1 -3 -2 -3s-2 1 -2 3c0 2 1.7 4.9 2.5 6c1.5 2 2.5 2.5 3.5 1l2 -3c.3 2.7 1.3 4 3 4c.5 0 2.6 -2 3 -2c.5 0 1.5 .7 3 2')),
  /** A capital T: text to read. */
  /** A five-pointed star. */
  rating: icon(p('M12 3l2.8 5.7l6.2 .9l-4.5 4.4l1.1 6.2l-5.6 -2.9l-5.6 2.9l1.1 -6.2l-4.5 -4.4l6.2 -.9z')),
  static: icon(p('M6 5h12'), p('M12 5v14'), p('M9 19h6')),
  /** A grid of rows and columns. */
  matrix: icon(rect(3, 4, 18, 16, 2), p('M3 9.5h18'), p('M3 14.5h18'), p('M9 4v16')),
  /** A paper clip: a file attached. */
  file: icon(p('M15 7l-6.5 6.5a1.5 1.5 0 0 0 3 3l6.5 -6.5a3 3 0 0 0 -6 -6l-6.5 6.5a4.5 4.5 0 0 0 9 9l6.5 -6.5')),
  /** A sheet of paper. */
  page: icon(p('M14 3v4a1 1 0 0 0 1 1h4'), p('M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2')),
  /** A box with a heading band. */
  section: icon(rect(3, 4, 18, 16, 2), p('M3 9h18')),
  /** Two stacked boxes: a section repeated. */
  repeatable: icon(rect(8, 8, 13, 13, 2), p('M16 8v-2a2 2 0 0 0 -2 -2h-8a2 2 0 0 0 -2 2v8a2 2 0 0 0 2 2h2')),
} satisfies Record<string, ReactElement>;

/**
 * The palette icon of a widget kind's entry: its own (a host's), else the built-in kind's of that name, else none.
 * The renderer's registry carries no icon of the built-in kinds: only the builder draws them.
 */
export function paletteIcon(entry: { kind: string; icon?: ReactNode }): ReactNode {
  if (entry.icon !== undefined) return entry.icon;
  return Object.prototype.hasOwnProperty.call(BUILDER_ICONS, entry.kind) ? BUILDER_ICONS[entry.kind as keyof typeof BUILDER_ICONS] : null;
}
