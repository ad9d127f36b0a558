import { BooleanWidget } from './BooleanWidgets';
import { CheckboxesWidget, RadioWidget, SegmentedWidget, SelectWidget } from './ChoiceWidgets';
import { MultiSelectWidget } from './MultiSelectWidget';
import { NumberWidget } from './NumberWidget';
import { SignatureWidget } from './SignatureWidget';
import { TextareaWidget, TextWidget } from './TextWidgets';
import type { WidgetProps } from './types';

/** The Mantine widget of a field. */
export function EditWidget(props: WidgetProps) {
  switch (props.cf.field.widget) {
    case 'textarea':
      return <TextareaWidget {...props} />;
    case 'email':
    case 'url':
    case 'phone':
    case 'date':
    case 'time':
    case 'datetime':
      return <TextWidget kind={props.cf.field.widget} {...props} />;
    case 'number':
      return <NumberWidget integer={false} {...props} />;
    case 'integer':
      return <NumberWidget integer {...props} />;
    case 'checkbox':
      return <BooleanWidget asSwitch={false} {...props} />;
    case 'switch':
      return <BooleanWidget asSwitch {...props} />;
    case 'select':
      return <SelectWidget {...props} />;
    case 'radio':
      return <RadioWidget {...props} />;
    case 'segmented':
      return <SegmentedWidget {...props} />;
    case 'multiselect':
      return <MultiSelectWidget {...props} />;
    case 'checkboxes':
      return <CheckboxesWidget {...props} />;
    case 'signature':
      return <SignatureWidget {...props} />;
    default:
      return <TextWidget kind="text" {...props} />;
  }
}
