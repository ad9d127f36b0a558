import { memo, useEffect, useRef, useState } from 'react';
import type { CompiledField } from '../engine/compile';
import type { FieldHandle, FormEngine } from '../engine/engine';
import { escapePointerSegment } from '../contract/json-pointer';
import { afterPress } from './after-press';
import { fieldDomId, useFieldState, useFormContext } from './context';
import { EditWidget } from './widgets/EditWidget';
import { renderLiteField } from './widgets/LiteField';
import { viewOf, widgetFor } from './widgets/registry';
import { dateAmong, isFullTime, timeOnDate } from './widgets/values';

/** Props of {@link Field}. */
export interface FieldProps {
  cf: CompiledField;
  /** The item's path inside a repeatable section ('' outside). */
  itemBase: string;
  itemIndex: number | null;
  /** Render the light stand-in (progressive mounting, section not yet upgraded). */
  lite?: boolean;
}

/**
 * One field: subscribes to its own state only, so it re-renders when its value, error or rule result changes and
 * never because another field changed.
 */
export const Field = memo(function Field({ cf, itemBase, itemIndex, lite = false }: FieldProps) {
  const { engine, mode, labels, idPrefix, disabled, widgets } = useFormContext();
  const handle = engine.handle(engine.keyOf(cf, itemBase));
  const state = useFieldState(handle);
  // A light control keeps its place while focused, so an upgrade never steals the caret.
  const [focusedLite, setFocusedLite] = useState(false);
  // Leaving the field shows its error, but not under a held mouse button: the click it is part of would miss (see
  // afterPress). By then the field may be gone or stand for another item (a removed item): touch only if it is not.
  const shown = useRef<FieldHandle | null>(handle);
  useEffect(() => {
    shown.current = handle;
    return () => {
      if (shown.current === handle) shown.current = null;
    };
  }, [handle]);
  const touch = () => afterPress(() => shown.current === handle && handle.touch());

  if (!state.visible) return null;
  const id = fieldDomId(idPrefix, cf.field.id, itemIndex);
  const { label, helpText, placeholder } = cf.field;
  const entry = widgetFor(widgets, cf.field.widget);
  if (mode === 'view') {
    const View = viewOf(entry);
    return <View cf={cf} id={id} label={label} value={state.value} labels={labels} />;
  }
  const props = {
    cf,
    id,
    label,
    description: helpText,
    placeholder,
    state,
    disabled,
    readOnly: state.readOnly,
    onChange: datedChange(engine, cf, handle),
    onBlur: touch,
    onHold: handle.hold,
    labels,
  };
  // A plain function call, not a component: a thousand light fields cost a thousand fewer fibers.
  if ((lite || focusedLite) && entry.lite) return renderLiteField({ ...props, onFocusChange: setFocusedLite }, entry.lite);
  return <EditWidget {...props} />;
});

/**
 * How a field stores a change. A `format: time` answer carries the offset of the date it belongs to (a date answer
 * beside it in the same object), never just today's: typing the time restates it for that date, and typing the date
 * restates the times beside it. Other fields store what their widget gives.
 */
function datedChange(engine: FormEngine, cf: CompiledField, handle: FieldHandle): (value: unknown) => void {
  const parent = handle.key.slice(0, handle.key.lastIndexOf('/'));
  if (cf.field.widget === 'time' && cf.info.format === 'time') {
    return (value) => handle.setValue(timeOnDate(value, dateAmong(engine.getValue(parent))));
  }
  if (cf.field.widget === 'date') {
    return (value) => {
      handle.setValue(value);
      const siblings = engine.getValue(parent);
      // Only the date the times belong to (the first beside them) restates them.
      if (typeof value !== 'string' || dateAmong(siblings) !== value) return;
      for (const [name, time] of Object.entries(siblings as Record<string, unknown>)) {
        if (!isFullTime(time)) continue;
        const restated = timeOnDate(time, value);
        if (restated !== time) engine.setValue(`${parent}/${escapePointerSegment(name)}`, restated);
      }
    };
  }
  return handle.setValue;
}
