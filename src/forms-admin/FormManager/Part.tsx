import { Paper, Stack, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** A titled part of a manager page: a region named by its h2. `part` carries the Styles API props of the part. */
export function Part({ title, children, part }: { title: string; children: ReactNode; part: object }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" {...part}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
