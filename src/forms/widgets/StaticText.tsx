import { Box, Text, Title } from '@mantine/core';

/** Static text of a layout: its label as a heading and its help text as a paragraph, always as text. */
export function StaticText({ id, label, description }: { id: string; label: string; description: string | undefined }) {
  return (
    <Box id={id}>
      {label ? (
        <Title order={4} fz="md">
          {label}
        </Title>
      ) : null}
      {description ? <Text size="sm">{description}</Text> : null}
    </Box>
  );
}
