import { fireEvent, screen, within } from '@testing-library/react';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { widgetFields, widgetGalleryBadData, widgetGalleryData, widgetGallerySchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

const GROUP_WIDGETS = new Set(['radio', 'segmented', 'checkboxes', 'signature', 'rating']);

function setup(data?: Record<string, unknown>, mode: 'edit' | 'view' = 'edit', extra: { disabled?: boolean } = {}) {
  const schema = widgetGallerySchema();
  const engine = createFormEngine(schema, data ? { data: data as never } : {});
  const result = renderWithProviders(<FormRenderer schema={schema} engine={engine} mode={mode} progressive={false} {...extra} />);
  return { engine, ...result };
}

/** The control labelled exactly `label` (a required field's label ends with an asterisk). */
function byLabel(label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`), { selector: 'input, textarea, select' });
}

/** The control of a field: the labelled input, or the fieldset of a group. */
function control(label: string, widget: string): HTMLElement {
  return GROUP_WIDGETS.has(widget) ? screen.getByRole('group', { name: label }) : byLabel(label);
}

describe('FormRenderer widgets', () => {
  it('labels every control, and puts groups in a fieldset with a legend', () => {
    setup();
    for (const { field } of widgetFields) {
      if (field.widget === 'static') continue;
      const element = control(field.label, field.widget);
      expect(element, field.widget).toBeInTheDocument();
      if (GROUP_WIDGETS.has(field.widget)) {
        expect(element.tagName).toBe('FIELDSET');
        expect(element.querySelector('legend')).toHaveTextContent(field.label);
      }
    }
    // Every form control in the page has an accessible name.
    for (const input of document.querySelectorAll<HTMLElement>('input:not([type="hidden"]), select, textarea')) {
      const labelled = input.getAttribute('aria-label') || input.getAttribute('aria-labelledby') || (input.id && document.querySelector(`label[for="${input.id}"]`)) || input.closest('label');
      expect(labelled, input.outerHTML).toBeTruthy();
    }
  });

  it("outlines a rating's stars at 3:1 against the page, so the stars not chosen can be seen", () => {
    setup();
    const rating = widgetFields.find(({ field }) => field.widget === 'rating')!.field;
    const stars = control(rating.label, 'rating').querySelectorAll<SVGElement>('.mantine-Rating-starSymbol');
    expect(stars.length).toBeGreaterThan(0);
    for (const star of stars) expect(star.getAttribute('style')).toContain('stroke: light-dark(var(--mantine-color-gray-6), var(--mantine-color-dark-2))');
  });

  it('shows help text tied to its control and the static text as text', () => {
    setup();
    const name = byLabel('Full name');
    const help = screen.getByText('As on your passport.');
    expect(name.getAttribute('aria-describedby')).toContain(help.id);
    expect(name).toHaveAttribute('placeholder', 'Jane Doe');
    expect(screen.getByRole('heading', { name: 'Before you sign' })).toBeInTheDocument();
    expect(screen.getByText('Read everything above once more.')).toBeInTheDocument();
  });

  it('writes what the user enters into the engine, per widget', async () => {
    const { engine, user } = setup();
    await user.type(byLabel('Full name'), 'Ada');
    await user.type(byLabel('About you'), 'Hi');
    await user.type(byLabel('Email address'), 'a@b.co');
    await user.type(byLabel('Website'), 'https://x.org');
    await user.type(byLabel('Phone number'), '+1 555');
    await user.type(byLabel('Height (m)'), '1.75');
    await user.type(byLabel('Number of children'), '3');
    await user.click(byLabel('I accept the terms'));
    await user.click(byLabel('Send me the newsletter'));
    await user.selectOptions(byLabel('Country'), 'United Kingdom');
    await user.click(screen.getByLabelText('Phone'));
    await user.click(screen.getByLabelText('Medium'));
    await user.click(screen.getByLabelText('Red'));
    await user.click(screen.getByLabelText('Blue'));
    fireEvent.change(byLabel('Date of birth'), { target: { value: '1815-12-10' } });
    fireEvent.change(byLabel('Best time to call'), { target: { value: '09:30' } });
    fireEvent.change(byLabel('Appointment'), { target: { value: '2030-05-01T10:30' } });
    await user.type(screen.getByLabelText('Type your full name'), 'Ada L');
    const data = engine.getData();
    expect(data).toMatchObject({
      name: 'Ada',
      story: 'Hi',
      email: 'a@b.co',
      website: 'https://x.org',
      phone: '+1 555',
      height: 1.75,
      children: 3,
      terms: true,
      newsletter: true,
      country: 'GB',
      contact: 'phone',
      size: 'm',
      colours: ['red', 'blue'],
      birthday: '1815-12-10',
      callTime: '09:30',
      signature: 'Ada L',
    });
    expect(data.appointment).toMatch(/^2030-05-01T10:30:00[+-]\d\d:\d\d$/);
    expect(byLabel('Appointment')).toHaveValue('2030-05-01T10:30');
  });

  it('picks several options in the multi-select', async () => {
    const { engine, user } = setup();
    await user.click(byLabel('Languages'));
    await user.click(await screen.findByRole('option', { name: 'French' }));
    await user.click(screen.getByRole('option', { name: 'German' }));
    expect(engine.getValue('/languages')).toEqual(['fr', 'de']);
  });

  it('clearing a field removes the answer', async () => {
    const { engine, user } = setup({ name: 'Ada' });
    await user.clear(byLabel('Full name'));
    expect('name' in engine.getData()).toBe(false);
  });

  it('shows each error at its field, tied by aria-invalid and aria-describedby', async () => {
    const { user } = setup(widgetGalleryBadData());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const expected: Record<string, string> = {
      name: 'Enter at most 40 characters',
      story: 'Enter at most 200 characters',
      email: 'Enter an email address in the correct format, like name@example.com',
      website: 'Enter a web address in the correct format, like https://example.com',
      phone: 'Enter a value in the correct format',
      height: 'Enter a number between 0.5 and 2.5',
      children: 'Enter a number between 1 and 10',
      terms: 'Tick this box to continue',
      languages: 'Select at most 2 options',
      birthday: 'Enter a real date',
    };
    for (const { field } of widgetFields) {
      const message = expected[field.id];
      if (!message) continue;
      const element = control(field.label, field.widget);
      const target = element.tagName === 'FIELDSET' ? element : element;
      expect(target, field.id).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (target.getAttribute('aria-describedby') ?? '').split(/\s+/);
      const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
      expect(texts, field.id).toContain(message);
    }
  });

  it('says which group is missing an answer', async () => {
    const { user } = setup({ name: 'Ada', terms: true });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const label of ['How should we contact you?', 'Favourite colours']) {
      const group = screen.getByRole('group', { name: label });
      expect(group).toHaveAttribute('aria-invalid', 'true');
      expect(within(group).getByText('This field is required')).toBeInTheDocument();
    }
  });

  it('disables every control when disabled', () => {
    setup(widgetGalleryData(), 'edit', { disabled: true });
    const controls = document.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), select, textarea');
    expect(controls.length).toBeGreaterThan(15);
    for (const element of controls) expect(element, element.outerHTML).toBeDisabled();
  });
});

describe('FormRenderer view mode', () => {
  it('shows every answer as text in the same layout, with no inputs', () => {
    setup(widgetGalleryData(), 'view');
    expect(document.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Widgets' })).toBeInTheDocument();
    const answer = (label: string) => screen.getByRole('group', { name: label }).textContent?.slice(label.length);
    expect(answer('Full name')).toBe('Ada Lovelace');
    expect(answer('Height (m)')).toBe('1.7');
    expect(answer('I accept the terms')).toBe('Yes');
    expect(answer('Country')).toBe('United Kingdom');
    expect(answer('How should we contact you?')).toBe('Email');
    expect(answer('T-shirt size')).toBe('Medium');
    expect(answer('Languages')).toBe('English, French');
    expect(answer('Favourite colours')).toBe('Red, Blue');
    expect(answer('Best time to call')).toBe('09:30');
    expect(answer('Signature')).toBe('Ada Lovelace');
  });

  it("says 'Not answered' for empty fields and shows a drawn signature as an image", () => {
    const drawn = 'data:image/png;base64,iVBORw0KGgo=';
    setup({ signature: drawn }, 'view');
    expect(screen.getByRole('group', { name: 'Full name' })).toHaveTextContent('Not answered');
    expect(screen.getByRole('img', { name: 'Signature' })).toHaveAttribute('src', drawn);
  });

  it('never turns a signature that is not a PNG data URL into an image', () => {
    setup({ signature: 'javascript:alert(1)' }, 'view');
    expect(screen.queryByRole('img', { name: 'Signature' })).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });
});
