import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { createFormEngine } from '../../src/engine';
import { FormRenderer, generateForm } from '../../src/forms';
import { applicationSchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';

// Counts the renders of each field's widget (a field renders its widget exactly once per render).
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/forms/widgets/EditWidget', async (importOriginal) =>
  (await import('../support/widget-renders')).countingEditWidget(importOriginal, renders),
);

function counts(): Record<string, number> {
  return Object.fromEntries(renders);
}

describe('FormRenderer re-renders only what changed', () => {
  beforeEach(() => renders.clear());

  it('a keystroke re-renders the edited field and nothing else', async () => {
    const schema = generateForm(50);
    const { user } = renderWithProviders(<FormRenderer schema={schema} idPrefix="f" progressive={false} />);
    const input = screen.getByLabelText(/^Text 3\.2/);
    const before = counts();
    expect(Object.keys(before)).toHaveLength(50);
    await user.type(input, 'abc');
    const after = counts();
    const changed = Object.keys(after).filter((id) => after[id] !== before[id]);
    expect(changed).toEqual(['f-g3f2']);
    expect((after['f-g3f2'] ?? 0) - (before['f-g3f2'] ?? 0)).toBe(3);
  });

  it('one commit per keystroke, whatever the size of the form', async () => {
    const schema = generateForm(100);
    let commits = 0;
    const { user } = renderWithProviders(
      <Profiler id="form" onRender={() => commits++}>
        <FormRenderer schema={schema} idPrefix="f" progressive={false} />
      </Profiler>,
    );
    const input = screen.getByLabelText(/^Text 7\.1/);
    commits = 0;
    renders.clear();
    await user.type(input, 'xy');
    expect(commits).toBe(2);
    expect(counts()).toEqual({ 'f-g7f1': 2 });
  });

  it('a change re-renders the fields whose rules read it, once, and not the others', async () => {
    const schema = applicationSchema();
    const engine = createFormEngine(schema);
    const { user } = renderWithProviders(<FormRenderer schema={schema} engine={engine} idPrefix="f" progressive={false} />);
    renders.clear();
    await user.click(screen.getByLabelText('By phone'));
    // The radio itself and the phone field it reveals.
    expect(counts()).toEqual({ 'f-contactBy': 1, 'f-phone': 1 });
    const phone = screen.getByLabelText(/^Phone number/);
    // Leaving the radio group marks it touched (one render of it), then typing renders the phone field alone.
    await user.click(phone);
    expect(counts()).toEqual({ 'f-contactBy': 2, 'f-phone': 1 });
    renders.clear();
    await user.type(phone, '1');
    expect(counts()).toEqual({ 'f-phone': 1 });
    renders.clear();
    // Choosing email again with the mouse: the phone field would be marked touched once the click is done, but the
    // click hides it first, so it does not render again.
    await user.click(screen.getByLabelText('By email'));
    expect(counts()).toEqual({ 'f-contactBy': 1 });
    expect(screen.queryByLabelText(/^Phone number/)).toBeNull();
  });

  it('typing in a field another field does not depend on never re-renders that one', async () => {
    const schema = applicationSchema();
    const { user } = renderWithProviders(<FormRenderer schema={schema} idPrefix="f" progressive={false} />);
    renders.clear();
    await user.type(screen.getByLabelText(/^Email address/), 'a@b.c');
    expect(counts()).toEqual({ 'f-email': 5 });
  });
});
