import { Controls, Description, Primary, Subtitle, Title } from '@storybook/addon-docs/blocks';

/**
 * A component's docs page (autodocs): its description, its first story and a control for each prop. Only the first
 * story: the stories of a screen share one fake backend and its MSW handlers, so several on one page would answer for
 * each other. The other states are the stories themselves, in the sidebar.
 */
function ComponentDocs() {
  return (
    <>
      <Title />
      <Subtitle />
      <Description />
      <Primary />
      <Controls />
    </>
  );
}

// Loaded by Storybook only (main.ts, previewAnnotations): the tests that render stories import preview.tsx, not this.
export const parameters = { docs: { page: ComponentDocs } };
