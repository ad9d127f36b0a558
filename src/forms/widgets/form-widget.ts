/**
 * The type of one widget kind of the renderer and of the registry by name, in a module of types only: the form context
 * names the registry's type without importing the registry (whose widgets read the context).
 */
import type { ComponentType, ReactNode } from 'react';
import type { WidgetKind } from '../../engine/widget-kinds';
import type { LiteRenderer } from './LiteField';
import type { WidgetProps } from './types';
import type { ViewWidgetProps } from './ViewField';

/** One widget kind of the renderer: its React-free facts, its palette icon and its components. */
export interface FormWidget extends WidgetKind {
  /**
   * The palette's icon (decorative: the builder shows `name` beside it and hides the icon from assistive technology).
   * A host's kind may give any node (an SVG, an image, a character); without one, a built-in kind's entry shows the
   * builder's own inline SVG of that kind, any other kind none.
   */
  icon?: ReactNode;
  /** The input in edit mode. */
  Edit: ComponentType<WidgetProps>;
  /** The answer in view mode (default: the answer as text under the label). */
  View?: ComponentType<ViewWidgetProps>;
  /**
   * The light stand-in while a long form mounts progressively (native controls, no hooks). Without one, the field
   * mounts its `Edit` component at once.
   */
  lite?: LiteRenderer;
}

/** Widget kinds of the renderer by name (the layout's `widget`). */
export type FormWidgets = Readonly<Record<string, FormWidget>>;
