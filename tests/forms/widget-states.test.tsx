import { screen } from '@testing-library/react';
import { widgetFields } from '../../stories/forms/fixtures';
import { WidgetStates } from '../../stories/forms/WidgetStates';
import { renderWithProviders } from '../support/render';

// The Forms/Widgets stories: every widget in its edit, error, disabled and view states.
describe('WidgetStates (the widget stories)', () => {
  it.each(widgetFields.map((w) => [w.widget, w] as const))('%s renders its four states', (widget, entry) => {
    const { container } = renderWithProviders(<WidgetStates widget={widget} />);
    for (const title of ['Edit', 'Error', 'Disabled', 'View']) expect(screen.getByText(title)).toBeInTheDocument();
    const forms = container.querySelectorAll('form');
    expect(forms).toHaveLength(4);
    if (widget === 'static') return;
    // Error: a message is shown at the field (its own wrong answer, or "required" when it has none).
    expect(forms[1]!.querySelector('[aria-invalid="true"]'), widget).not.toBeNull();
    // Disabled: no enabled control.
    const enabled = [...forms[2]!.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), select, textarea, button')].filter((e) => !e.disabled);
    expect(enabled.map((e) => e.outerHTML)).toEqual([]);
    // View: the label and no control.
    expect(forms[3]!.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(forms[3]!.textContent).toContain(entry.field.label);
  });
});
