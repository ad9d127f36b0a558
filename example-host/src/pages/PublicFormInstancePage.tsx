import { Code, Container, List, Text, Title } from '@mantine/core';
import { PLACEHOLDER_NOTICE } from '../components/PlaceholderPage';
import type { FormInstanceSearch } from '../formInstanceSearch';

export interface PublicFormInstancePageProps extends FormInstanceSearch {
  formSchemaId: string;
}

/** The public form instance (spec §2). The viewer arrives later; for now the page shows what the link asked for. */
export function PublicFormInstancePage({ formSchemaId, mode, formInstanceId }: PublicFormInstancePageProps) {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Form instance</Title>
      <Text mt="sm">{PLACEHOLDER_NOTICE}</Text>
      <List mt="md" spacing={4}>
        <List.Item>
          Form schema: <Code>{formSchemaId}</Code>
        </List.Item>
        <List.Item>
          Mode: <Code data-testid="form-instance-mode">{mode}</Code>
        </List.Item>
        {formInstanceId && (
          <List.Item>
            Form instance: <Code>{formInstanceId}</Code>
          </List.Item>
        )}
      </List>
    </Container>
  );
}
PublicFormInstancePage.displayName = 'PublicFormInstancePage';
