import type { CompiledField } from '../../engine/compile';
import type { FieldState } from '../../engine/engine';
import type { FormLabels } from '../labels';

/** What every widget gets: the field, its state and the ways to talk back to the engine. */
export interface WidgetProps {
  cf: CompiledField;
  /** The DOM id of the control (the error summary links here). */
  id: string;
  label: string;
  description: string | undefined;
  placeholder: string | undefined;
  state: FieldState;
  disabled: boolean;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /**
   * Says (null: no longer) that the control holds something the answer does not, such as a file it refused: the
   * field's error, which fails the page's check and the submit until the control lets go (`FormEngine.hold`). A
   * widget that holds lets go when it unmounts.
   */
  onHold: (problem: string | null) => void;
  labels: FormLabels;
}

/** One option of a choice widget: its text, and the value stored (schema enums may hold numbers). */
export type { ChoiceOption } from '../../engine/choice-options';
