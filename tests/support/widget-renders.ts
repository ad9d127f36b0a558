import type * as EditWidgetModule from '../../src/forms/widgets/EditWidget';
import type { WidgetProps } from '../../src/forms/widgets/types';

/**
 * The factory of a `vi.mock` of src/forms/widgets/EditWidget that counts each field's widget renders in `renders`, by
 * widget id (a field renders its widget exactly once per render). Use it from the hoisted factory:
 *
 *   const renders = vi.hoisted(() => new Map<string, number>());
 *   vi.mock('../../src/forms/widgets/EditWidget', async (importOriginal) =>
 *     (await import('../support/widget-renders')).countingEditWidget(importOriginal, renders));
 */
export async function countingEditWidget(importOriginal: <T>() => Promise<T>, renders: Map<string, number>): Promise<typeof EditWidgetModule> {
  const original = await importOriginal<typeof EditWidgetModule>();
  return {
    ...original,
    EditWidget: (props: WidgetProps) => {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return original.EditWidget(props);
    },
  };
}
