import { memo, useEffect, useRef, useState } from 'react';
import type { CompiledField } from '../engine/compile';
import type { FieldHandle } from '../engine/engine';
import { afterPress } from './after-press';
import { fieldDomId, useFieldState, useFormContext } from './context';
import { EditWidget } from './widgets/EditWidget';
import { renderLiteField } from './widgets/LiteField';
import { StaticText } from './widgets/StaticText';
import { ViewField } from './widgets/ViewField';

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
  const { engine, mode, labels, idPrefix, disabled } = useFormContext();
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
  if (cf.field.widget === 'static') return <StaticText id={id} label={label} description={helpText} />;
  if (mode === 'view') return <ViewField cf={cf} id={id} label={label} value={state.value} labels={labels} />;
  const props = {
    cf,
    id,
    label,
    description: helpText,
    placeholder,
    state,
    disabled,
    readOnly: state.readOnly,
    onChange: handle.setValue,
    onBlur: touch,
    labels,
  };
  // A plain function call, not a component: a thousand light fields cost a thousand fewer fibers.
  if (lite || focusedLite) return renderLiteField({ ...props, onFocusChange: setFocusedLite });
  return <EditWidget {...props} />;
});
