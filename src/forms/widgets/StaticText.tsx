import { Box, Text, Title } from '@mantine/core';
import { useFormContext } from '../context';

/** Static text of a layout: its label as a heading and its help text as a paragraph, always as text. */
export function StaticText({ id, label, description }: { id: string; label: string; description: string | undefined }) {
  // One level below its section's title, so headings never skip a level.
  const level = Math.min(6, useFormContext().sectionHeadingLevel + 1) as 3 | 4 | 5 | 6;
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
