import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as ErrorAlertStories from '../../stories/ui/ErrorAlert.stories';

// Stories double as test fixtures: the story's args and the project's decorators (Mantine, the API
// provider) are the set-up, so a test and the catalogue designers browse cannot drift apart.
// The browser-only MSW loader is left out: these stories make no calls (screens with calls use src/testing directly).
setProjectAnnotations({ ...preview, loaders: [] });
const { Refusal, ServerFailure, WithDetailsOpen } = composeStories(ErrorAlertStories);

describe('ErrorAlert stories as fixtures', () => {
  it("a refusal shows the server's reason, titled by what failed", () => {
    // Within the story's own container: the test of the played story (below) may have run first in a shuffled order.
    const story = within(render(<Refusal />).container);
    expect(story.getByRole('alert')).toHaveTextContent("Could not create the groupA claim group named 'Signers' already exists.");
    expect(story.queryByText('An unexpected server error occurred.')).not.toBeInTheDocument();
  });

  it("a server failure says 'An unexpected server error occurred.'", () => {
    const story = within(render(<ServerFailure />).container);
    expect(story.getByText('An unexpected server error occurred.')).toBeInTheDocument();
  });

  it("runs the story's own interaction (its play function) as the test", async () => {
    // Rendered by Testing Library and played in its container, so the file's clean-up unmounts it. A story mounted by
    // `.run()` stays in a root of its own after the file; the details it opened (rendered by React at low priority)
    // then finished rendering after jsdom's teardown and threw "window is not defined" as an unhandled error of the run.
    const { container } = render(<WithDetailsOpen />);
    await WithDetailsOpen.play?.({ canvasElement: container } as never);
    expect(within(container).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  });
});
