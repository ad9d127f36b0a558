import { Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useContext } from 'react';
import { PageMain, PageTitle } from '../components/landmarks';
import type { FormInstanceSearch } from '../formInstanceSearch';
import { AuthContext, CurrentFormViewer, ErrorAlert, fillLabel, FormInstanceViewer, formViewerLabels } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

export interface PublicFormInstancePageProps extends FormInstanceSearch {
  formSchemaId: string;
}

/**
 * The public form instance (docs/spec.md, Screens and routes): the library's `FormInstanceViewer` for the route's schema, mode, instance and
 * link token. The host's `AuthenticatedAPIProvider` is above it: a signed-in user's calls carry their own token, and
 * a link's token (anonymous visitors) is carried by the viewer instead.
 */
export function PublicFormInstancePage({ formSchemaId, mode, invalidMode, formInstanceId, token }: PublicFormInstancePageProps) {
  // A form the visitor may not open offers the sign-in while nobody is signed in (no AuthProvider: no sign-in).
  const auth = useContext(AuthContext);
  const onSignIn = auth && !auth.isAuthenticated ? () => void auth.signIn().catch(() => undefined) : undefined;
  const labels = useLabelTexts(hostLabels);
  // The tab says 'Form' while the form loads; the viewer then titles it with the form's name and step.
  return (
    <PageMain>
      <PageTitle title={labels.hostFormTitle} />
      <Container size="md" py="xl">
        {invalidMode !== undefined ? (
          <InvalidModeHint formSchemaId={formSchemaId} mode={invalidMode} formInstanceId={formInstanceId} token={token} />
        ) : (
          <FormInstanceViewer formSchemaId={formSchemaId} mode={mode} formInstanceId={formInstanceId} token={token} onSignIn={onSignIn} />
        )}
      </Container>
    </PageMain>
  );
}
PublicFormInstancePage.displayName = 'PublicFormInstancePage';

export interface StableFormPageProps extends Pick<FormInstanceSearch, 'mode' | 'invalidMode'> {
  formId: string;
}

/**
 * A form's stable public link (`/form/{formId}?mode=edit`, beyond the spec's routes): the library's `CurrentFormViewer`,
 * which shows the form's current public version, so links and QR codes printed once follow every new version. The
 * address stays the stable one; the instance a visitor starts keeps its version.
 */
export function StableFormPage({ formId, mode, invalidMode }: StableFormPageProps) {
  const auth = useContext(AuthContext);
  const onSignIn = auth && !auth.isAuthenticated ? () => void auth.signIn().catch(() => undefined) : undefined;
  const labels = useLabelTexts(hostLabels);
  return (
    <PageMain>
      <PageTitle title={labels.hostFormTitle} />
      <Container size="md" py="xl">
        {invalidMode !== undefined ? (
          <InvalidModeHint formId={formId} mode={invalidMode} />
        ) : (
          <CurrentFormViewer formId={formId} mode={mode} onSignIn={onSignIn} />
        )}
      </Container>
    </PageMain>
  );
}
StableFormPage.displayName = 'StableFormPage';

/**
 * A link whose `mode` is neither `edit` nor `view`: says so, and offers the two modes (the link's id and token kept; a
 * stable link's form id).
 */
function InvalidModeHint(props: { formSchemaId?: string; formId?: string; mode: string; formInstanceId?: string; token?: string }) {
  const { formSchemaId, formId, mode, formInstanceId, token } = props;
  const labels = useLabelTexts(formViewerLabels);
  const host = useLabelTexts(hostLabels);
  const keep = { ...(formInstanceId !== undefined ? { formInstanceId } : {}), ...(token !== undefined ? { token } : {}) };
  return (
    <Stack gap="md">
      <PageTitle title={labels.formModeInvalidTitle} />
      <Title order={1} fz="h2">
        {labels.formModeInvalidTitle}
      </Title>
      <ErrorAlert message={fillLabel(labels.formModeInvalidMessage, { mode })} />
      <Group gap="lg">
        {(['edit', 'view'] as const).map((to) => (
          <Anchor
            key={to}
            renderRoot={(root) =>
              formId !== undefined ? (
                <Link {...root} to="/form/$formId" params={{ formId }} search={{ mode: to }} />
              ) : (
                <Link {...root} to="/form-instance/$formSchemaId" params={{ formSchemaId: formSchemaId ?? '' }} search={{ mode: to, ...keep }} />
              )
            }
          >
            {to === 'edit' ? host.hostFillInTheForm : host.hostReadTheForm}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}
