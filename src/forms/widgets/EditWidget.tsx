import { useFormContext } from '../context';
import { widgetFor } from './registry';
import type { WidgetProps } from './types';

/** The Mantine widget of a field: the `Edit` component of its kind in the form's widget registry. */
export function EditWidget(props: WidgetProps) {
  const Edit = widgetFor(useFormContext().widgets, props.cf.field.widget).Edit;
  return <Edit {...props} />;
}
