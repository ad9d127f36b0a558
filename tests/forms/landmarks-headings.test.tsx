import { screen } from '@testing-library/react';
import type { FormSchema } from '../../src/api/types';
import { FormRenderer } from '../../src/forms';
import { renderWithProviders } from '../support/render';

function schema(pages: number): FormSchema {
  return {
    formSchemaId: `s${pages}`,
    formId: 'f',
    name: 'Contact',
    version: 1,
    jsonSchema: { type: 'object', properties: { name: { type: 'string' } } },
    layout: {
      pages: Array.from({ length: pages }, (_, i) => ({
        id: `p${i}`,
        title: `Page ${i + 1}`,
        sections: [
          {
            id: `s${i}`,
            title: `Section ${i + 1}`,
            fields: [
              ...(i === 0 ? [{ id: 'name', path: '/name', widget: 'text' as const, label: 'Name' }] : []),
              { id: `note${i}`, path: `/note${i}`, widget: 'static' as const, label: `Note ${i + 1}` },
            ],
          },
        ],
      })),
    },
    isPublic: true,
    isDeleted: false,
    createdDateTime: new Date(0),
    lastUpdatedDateTime: new Date(0),
  };
}

describe('FormRenderer landmarks and headings', () => {
  it('names each form landmark: the schema name by default, or aria-label, so two forms on a page differ', () => {
    renderWithProviders(
      <>
        <FormRenderer schema={schema(1)} />
        <FormRenderer schema={schema(1)} aria-label="Contact (a copy)" />
      </>,
    );
    expect(screen.getByRole('form', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Contact (a copy)' })).toBeInTheDocument();
  });

  it('never skips a heading level: a one-page form starts its sections at h2, static text one below', () => {
    renderWithProviders(<FormRenderer schema={schema(1)} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Section 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Note 1' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 4 })).toBeNull();
  });

  it('a multi-page form puts page titles at h2 and sections at h3; headingLevel moves them all', () => {
    const { unmount } = renderWithProviders(<FormRenderer schema={schema(2)} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Section 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Note 1' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<FormRenderer schema={schema(1)} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Section 1' })).toBeInTheDocument();
  });
});

describe('FormRenderer readable colours', () => {
  it("replaces Mantine's dimmed grey and error red inside the form with shades of AA contrast in both schemes", () => {
    renderWithProviders(<FormRenderer schema={schema(1)} />);
    const form = screen.getByRole('form', { name: 'Contact' });
    // Mantine's gray.6 (3.3:1 on white) and red.6 (3.6:1) fail WCAG AA for help texts and error messages.
    expect(form.style.getPropertyValue('--mantine-color-dimmed')).toBe(
      'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))',
    );
    expect(form.style.getPropertyValue('--mantine-color-error')).toBe(
      'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))',
    );
  });
});
