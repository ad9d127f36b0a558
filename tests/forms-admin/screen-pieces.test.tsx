import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormList } from '../../src/forms-admin/FormList';
import { optionKeys, screenClasses } from '../../src/forms-admin/shared/screen';
import { toast } from '../../src/forms-admin/shared/toast';
import { englishLabels } from '../../src/query/labels';
import { germanLabels } from '../../src/locales/de';
import { renderWithProviders } from '../support/render';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

setupFakeApi();

describe('the shared screen pieces', () => {
  it('name the static class of each part ccq-{Screen}-{part}', () => {
    expect(screenClasses('FormList', ['root', 'table'])).toEqual({ root: 'ccq-FormList-root', table: 'ccq-FormList-table' });
  });

  it('list every option of a controller hook, checked by the compiler', () => {
    interface Options {
      formId: string;
      labels?: object;
    }
    expect(optionKeys<Options>()('formId', 'labels')).toEqual(['formId', 'labels']);
    // @ts-expect-error an option missing from the list is a type error
    optionKeys<Options>()('formId');
  });

  it("hand a screen's options to its controller and the rest (Box props, Styles API) to its page", async () => {
    renderInApi(<FormList onOpenForm={() => undefined} data-testid="forms-page" classNames={{ table: 'host-table' }} />);
    const page = await screen.findByTestId('forms-page');
    expect(page).toHaveClass('ccq-FormList-root');
    expect(page.getAttribute('onOpenForm')).toBeNull();
    expect(page.outerHTML).not.toMatch(/onopenform/i);
    expect(page.querySelector('.ccq-FormList-table.host-table')).not.toBeNull();
  });

  it('show a toast whose close button is named by the labels, and closes it by that button', async () => {
    const { user } = renderWithProviders(<div />);
    act(() => toast.success('Form saved', englishLabels));
    const saved = (await screen.findByText('Form saved')).closest('.mantine-Notification-root') as HTMLElement;
    await user.click(within(saved).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Form saved')).not.toBeInTheDocument());
    // A failure's toast too, in the reader's language.
    act(() => toast.failure('Speichern fehlgeschlagen', new Error('offline'), germanLabels));
    const failed = (await screen.findByText('Speichern fehlgeschlagen')).closest('.mantine-Notification-root') as HTMLElement;
    expect(within(failed).getByRole('button', { name: 'Benachrichtigung schließen' })).toBeInTheDocument();
    act(() => notifications.clean());
  });
});
