import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormList } from '../../src/forms-admin/FormList';
import { optionKeys, screenClasses } from '../../src/forms-admin/shared/screen';
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
});
