import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormLayout } from '../../src/api/types';
import { defaultLabels } from '../../src/query/labels';
import { ResumePrompt } from '../../src/viewer/ResumePrompt';
import { renderWithProviders } from '../support/render';

const progress = { formInstanceId: null, linkToken: null, draft: null, updatedAt: null };

function layoutOf(labels: string[]): FormLayout {
  return { pages: [{ id: 'p', title: '', sections: [{ id: 's', title: '', fields: labels.map((label, i) => ({ id: `f${i}`, path: `/f${i}`, widget: 'text', label })) }] }] } as unknown as FormLayout;
}

const dataOf = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'x']));

// The message names the questions answered and ends with one mark, whatever the last label ends with.
describe('the resume prompt’s message', () => {
  it('does not follow a label ending in an ellipsis, nor the list’s own ellipsis, with a full stop', () => {
    const { unmount } = renderWithProviders(
      <ResumePrompt progress={progress} layout={layoutOf(['Name', 'How did you hear…'])} data={dataOf(2)} labels={defaultLabels} titleOrder={2} onContinue={() => {}} onStartAgain={() => {}} />,
    );
    expect(screen.getByText(/Answered so far:/).textContent).toMatch(/Answered so far: Name, How did you hear…$/);
    unmount();
    renderWithProviders(
      <ResumePrompt progress={progress} layout={layoutOf(Array.from({ length: 10 }, (_, i) => `Question ${i + 1}`))} data={dataOf(10)} labels={defaultLabels} titleOrder={2} onContinue={() => {}} onStartAgain={() => {}} />,
    );
    const text = screen.getByText(/Answered so far:/).textContent ?? '';
    expect(text).toMatch(/Question 8, …$/);
    expect(text).not.toContain('….');
  });
});
