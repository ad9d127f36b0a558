import { screen, waitFor } from '@testing-library/react';
import { afterPress, watchPresses } from '../../src/forms/after-press';
import { FormRenderer } from '../../src/forms';
import { widgetGallerySchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

const EMAIL_ERROR = 'Enter an email address in the correct format, like name@example.com';

describe('afterPress', () => {
  it('runs at once without a press, and after the click handlers while a mouse button is held', async () => {
    watchPresses(document);
    const order: string[] = [];
    afterPress(() => order.push('now'));
    expect(order).toEqual(['now']);

    const button = document.body.appendChild(document.createElement('button'));
    button.addEventListener('click', () => order.push('click'));
    button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    afterPress(() => order.push('held'));
    expect(order).toEqual(['now']);
    button.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => expect(order).toEqual(['now', 'click', 'held']));
    button.remove();
  });
});

describe('FormRenderer: the error of a field left with the mouse', () => {
  it('shows once the click is done, so nothing moves under the pressed button', async () => {
    const { user } = renderWithProviders(<FormRenderer schema={widgetGallerySchema()} progressive={false} />);
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'ada-at-example');
    const phone = screen.getByRole('radio', { name: 'Phone' });
    // Pressing the radio moves focus there and blurs the email field, while the button is still down.
    await user.pointer({ keys: '[MouseLeft>]', target: phone });
    expect(email).not.toHaveFocus();
    expect(screen.queryByText(EMAIL_ERROR)).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.pointer({ keys: '[/MouseLeft]', target: phone });
    expect(phone).toBeChecked();
    await screen.findByText(EMAIL_ERROR);
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows at once when the field is left with the keyboard', async () => {
    const { user } = renderWithProviders(<FormRenderer schema={widgetGallerySchema()} progressive={false} />);
    await user.type(screen.getByLabelText('Email address'), 'ada-at-example');
    await user.tab();
    expect(screen.getByText(EMAIL_ERROR)).toBeInTheDocument();
  });
});
