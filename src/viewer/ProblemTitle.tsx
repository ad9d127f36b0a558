import { Title } from '@mantine/core';

/**
 * The title of a form that cannot be shown (not found, a link that is not valid, no access, a failed load): the page's
 * heading, at the level the viewer's title would have (`titleOrder`, an `h1` by default), so a page that is only this
 * alert still has its heading; and the browser tab's title, so the tab says what happened.
 */
export function ProblemTitle({ text, order }: { text: string; order: 1 | 2 | 3 | 4 | 5 | 6 }) {
  return (
    <>
      <title>{text}</title>
      {/* The alert's own title style: a heading in the alert's place, not a page-sized one. */}
      <Title order={order} fz="inherit" fw="inherit" lh="inherit" c="inherit">
        {text}
      </Title>
    </>
  );
}
