import { Box, Text, Title } from '@mantine/core';
import type { CompiledSection } from '../../engine/compile';
import { sectionHeadingOrder, useFormContext } from '../context';

/** Static text of a layout: its label as a heading and its help text as a paragraph, always as text. */
export function StaticText({
  id,
  label,
  description,
  section,
}: {
  id: string;
  label: string;
  description: string | undefined;
  /** The section it sits in (its heading is one level below that section's; a page's own section when left out). */
  section?: CompiledSection;
}) {
  // One level below its section's title, so headings never skip a level.
  const top = useFormContext().sectionHeadingLevel;
  const level = Math.min(6, (section ? sectionHeadingOrder(section, top) : top) + 1) as 3 | 4 | 5 | 6;
  return (
    <Box id={id}>
      {label ? (
        <Title order={level} fz="md">
          {label}
        </Title>
      ) : null}
      {description ? <Text size="sm">{description}</Text> : null}
    </Box>
  );
}
