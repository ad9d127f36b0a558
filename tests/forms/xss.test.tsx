import { act, screen } from '@testing-library/react';
import { createFormEngine } from '../../src/engine';
import { FormRenderer } from '../../src/forms';
import { payloadBadData, payloadSchema } from '../../stories/forms/fixtures';
import { renderWithProviders } from '../support/render';
import { XSS_PAYLOADS } from './xss-payloads';

/** How many elements of each tag the form rendered. */
function shape(root: HTMLElement): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const element of root.querySelectorAll('*')) counts[element.tagName] = (counts[element.tagName] ?? 0) + 1;
  return counts;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'srcdoc', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster', 'style']);

function dangerousAttributes(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
      // Text in placeholder, aria-* or data-* attributes cannot run; URL attributes could.
      if (URL_ATTRIBUTES.has(attribute.name.toLowerCase()) && /^\s*(javascript|vbscript|data:)/i.test(attribute.value)) found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
    }
  }
  return found;
}

function renderForm(payloads: readonly string[], mode: 'edit' | 'view') {
  const schema = payloadSchema(payloads);
  const engine = createFormEngine(schema, { data: payloadBadData() });
  const result = renderWithProviders(<FormRenderer schema={schema} engine={engine} mode={mode} progressive={false} idPrefix="x" />);
  if (mode === 'edit') act(() => void engine.submit());
  return result;
}

describe('FormRenderer renders schema texts as text, never as HTML', () => {
  it('has a corpus of at least 100 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  const rotations = [0, 60];
  for (const mode of ['edit', 'view'] as const) {
    it.each(rotations)(`${mode} mode: payloads from #%i in every text property add no element and no handler`, async (offset) => {
      const payloads = [...XSS_PAYLOADS.slice(offset), ...XSS_PAYLOADS.slice(0, offset)];
      const baseline = renderForm(['Plain text'], mode);
      await screen.findAllByText('Plain text');
      const expected = shape(baseline.container);
      baseline.unmount();

      const { container } = renderForm(payloads, mode);
      expect(shape(container)).toEqual(expected);
      expect(dangerousAttributes(container)).toEqual([]);
      // The first payloads (field labels) show verbatim.
      const label = payloads[0] as string;
      expect(container.textContent).toContain(label);
      expect(document.querySelector('script, iframe, object, embed, img, video, audio, svg script, base, meta, link')).toBeNull();
    });
  }
});
