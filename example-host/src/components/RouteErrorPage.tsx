import { Button, Center, Code, Stack, Title } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { routerLabels } from '../formsAdmin';
import { useLabelTexts } from '../useLabelTexts';
import { PageMain, PageTitle } from './landmarks';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** The page of a route that failed (docs/spec.md, Screens and routes and Error catalogue): 'Something went wrong!' and a 'Show Error' toggle. */
export function RouteErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  const labels = useLabelTexts(routerLabels);
  const [opened, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  return (
    <PageMain>
      <PageTitle title={labels.somethingWentWrong} />
      <Center mih="60vh" p="md" data-status-code={500}>
        <Stack align="center" gap="sm" maw={720} w="100%">
          <Title order={1}>{labels.somethingWentWrong}</Title>
          <Button variant="outline" size="sm" onClick={toggle} aria-expanded={opened} aria-controls={detailsId}>
            {opened ? labels.hideError : labels.showError}
          </Button>
          <Code block id={detailsId} hidden={!opened} w="100%">
            {messageOf(error)}
          </Code>
        </Stack>
      </Center>
    </PageMain>
  );
}
RouteErrorPage.displayName = 'RouteErrorPage';
