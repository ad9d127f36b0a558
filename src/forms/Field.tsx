import { memo, useState } from 'react';
import type { CompiledField } from '../engine/compile';
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
    onBlur: handle.touch,
    labels,
  };
  // A plain function call, not a component: a thousand light fields cost a thousand fewer fibers.
  if (lite || focusedLite) return renderLiteField({ ...props, onFocusChange: setFocusedLite });
  return <EditWidget {...props} />;
});
