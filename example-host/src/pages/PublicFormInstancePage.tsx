import { Container } from '@mantine/core';
import { useContext } from 'react';
import type { FormInstanceSearch } from '../formInstanceSearch';
import { AuthContext, FormInstanceViewer } from '../formsAdmin';

export interface PublicFormInstancePageProps extends FormInstanceSearch {
  formSchemaId: string;
}

/**
 * The public form instance (docs/spec.md, Screens and routes): the library's `FormInstanceViewer` for the route's schema, mode, instance and
 * link token. The host's `AuthenticatedAPIProvider` is above it: a signed-in user's calls carry their own token, and
 * a link's token (anonymous visitors) is carried by the viewer instead.
 */
export function PublicFormInstancePage({ formSchemaId, mode, formInstanceId, token }: PublicFormInstancePageProps) {
  // A form the visitor may not open offers the sign-in while nobody is signed in (no AuthProvider: no sign-in).
  const auth = useContext(AuthContext);
  const onSignIn = auth && !auth.isAuthenticated ? () => void auth.signIn().catch(() => undefined) : undefined;
  return (
    <Container size="md" py="xl">
      <FormInstanceViewer formSchemaId={formSchemaId} mode={mode} formInstanceId={formInstanceId} token={token} onSignIn={onSignIn} />
    </Container>
  );
}
PublicFormInstancePage.displayName = 'PublicFormInstancePage';
