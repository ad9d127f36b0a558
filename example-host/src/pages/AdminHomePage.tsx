import { Text } from '@mantine/core';
import { PageTitle } from '../components/landmarks';
import { PageShell } from '../formsAdmin';

/** The admin home: the specification does not show its contents (docs/spec.md, Screens and routes), so it points at the menu. */
export function AdminHomePage() {
  return (
    <PageShell title="Admin home">
      <PageTitle title="Admin home" />
      <Text>Choose a screen from the menu. It lists the screens your roles allow.</Text>
    </PageShell>
  );
}
AdminHomePage.displayName = 'AdminHomePage';
