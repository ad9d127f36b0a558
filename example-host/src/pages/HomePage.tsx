import { Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { Link, Navigate, useSearch } from '@tanstack/react-router';
import { PageMain, PageTitle } from '../components/landmarks';
import { ADMIN_HOME_PATH, APP_NAME, SIGN_IN_RETURN_PATH } from '../config';
import { ApiContext, entityQueries, ErrorAlert, fillLabel, odata, RequireAdmin, useApi, useAuth } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabels } from '../useLabels';
import { useHostSession } from '../useHostSession';
import { useLabelTexts } from '../useLabelTexts';

/** One public form as the home lists it: its name and description, and the schema its 'Fill in' link opens. */
interface PublicFormEntry {
  formId: string;
  formSchemaId: string;
  name: string;
  description: string | null;
}

/**
 * The public forms: the public schemas of live forms (what an anonymous caller may read; signed-in readers are
 * filtered the same way), one per form — its newest public version — by name.
 */
function usePublicForms() {
  const { client } = useApi();
  return useQuery({
    ...entityQueries.formSchemas(client, {
      filter: odata.and(odata.eq('isPublic', true), odata.eq('isDeleted', false), odata.eq('form/isDeleted', false)),
      orderBy: [['version', 'desc']],
      expand: { form: { select: ['formId', 'name', 'description'] } },
    }),
    select: (page): PublicFormEntry[] => {
      const byForm = new Map<string, PublicFormEntry>();
      for (const schema of page.value) {
        if (byForm.has(schema.formId)) continue;
        byForm.set(schema.formId, {
          formId: schema.formId,
          formSchemaId: schema.formSchemaId,
          name: schema.form?.name ?? schema.name,
          description: schema.form?.description ?? null,
        });
      }
      return [...byForm.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

/** The list of public forms, each with its 'Fill in' link (the public form page, in edit mode). */
function PublicForms() {
  const forms = usePublicForms();
  const labels = useLabelTexts(hostLabels);
  return (
    <Stack gap="sm" w="100%" component="section" aria-labelledby="public-forms-heading">
      <Title order={2} id="public-forms-heading">
        {labels.hostPublicForms}
      </Title>
      {forms.isLoading ? (
        <Loader size="sm" aria-label={labels.hostLoadingPublicForms} />
      ) : forms.error ? (
        <ErrorAlert message={labels.hostPublicFormsFailed} error={forms.error} onRetry={() => void forms.refetch()} />
      ) : forms.data?.length === 0 ? (
        <Text>{labels.hostNoPublicForms}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {forms.data?.map((form) => (
            <Card component="li" key={form.formId} withBorder padding="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <div>
                  <Text fw={600}>{form.name}</Text>
                  {form.description && <Text size="sm">{form.description}</Text>}
                </div>
                <Anchor
                  href={`/form-instance/${encodeURIComponent(form.formSchemaId)}?mode=edit`}
                  aria-label={fillLabel(labels.hostFillInForm, { name: form.name })}
                >
                  {labels.hostFillIn}
                </Anchor>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * For a signed-in person: who they are, the way into the admin area and the way out. 'Open admin' is offered only to
 * someone the admin area lets in (its own check, `RequireAdmin`: an administrator or a form editor); anyone else is
 * told the admin area is not theirs rather than sent to its 'No access' page. Without an API provider there is nothing
 * to ask, and the link stays. `continueToAdmin` (back from a sign-in started here): someone the admin area lets in goes
 * on to the admin home; anyone else stays here, told so.
 */
function SignedInActions({ withApi, continueToAdmin }: { withApi: boolean; continueToAdmin: boolean }) {
  const host = useLabelTexts(hostLabels);
  const { userName, signOut } = useHostSession();
  const signOutButton = (
    <Button variant="default" onClick={signOut}>
      {host.hostSignOut}
    </Button>
  );
  const openAdminAndSignOut = (
    <Group gap="sm">
      <Button component={Link} to="/admin/">
        {host.hostOpenAdmin}
      </Button>
      {signOutButton}
    </Group>
  );
  return (
    <Stack gap="xs">
      <Text data-testid="signed-in-user">{fillLabel(host.hostSignedInAs, { name: userName })}</Text>
      {withApi ? (
        <RequireAdmin
          loading={<Loader size="sm" aria-label={host.hostCheckingAdminAccess} />}
          fallback={
            <>
              <Text>{host.hostNoAdminAccessMessage}</Text>
              <Group gap="sm">{signOutButton}</Group>
              {/* The answer was 'not yours': the address drops `continue`. */}
              {continueToAdmin && <Navigate to="/" replace />}
            </>
          }
        >
          {continueToAdmin ? <Navigate to={ADMIN_HOME_PATH} replace /> : openAdminAndSignOut}
        </RequireAdmin>
      ) : continueToAdmin ? (
        <Navigate to={ADMIN_HOME_PATH} replace />
      ) : (
        openAdminAndSignOut
      )}
    </Stack>
  );
}

/**
 * The public home: what the product is, the public forms with a 'Fill in' link each, and the way into the admin area
 * (for a signed-in person, with who they are and 'Sign out'). Its 'Sign in' comes back here (SIGN_IN_RETURN_PATH), which
 * goes on to the admin home only for someone it lets in.
 * No dimmed text: Mantine's dimmed grey reads 3.3:1 on white, under the 4.5:1 body text needs.
 */
export function HomePage() {
  const auth = useAuth();
  const labels = useLabels();
  const host = useLabelTexts(hostLabels);
  const signInError = auth.error?.source === 'signinRedirect' ? auth.error : null;
  const continueToAdmin = useSearch({ from: '/' }).continue === 'admin';
  // Router pages also render outside the API provider (when a provider itself fails): the list needs one.
  const withApi = useContext(ApiContext) !== null;
  return (
    <PageMain>
      <PageTitle />
      <Container size="sm" py={64}>
        <Stack gap="md" align="flex-start">
          <Title order={1}>{APP_NAME}</Title>
          <Text size="lg">{host.hostHomeIntro}</Text>
          <Text>{host.hostHomeAccess}</Text>
          {auth.isAuthenticated ? (
            <SignedInActions withApi={withApi} continueToAdmin={continueToAdmin} />
          ) : (
            <Button
              loading={auth.isLoading}
              // A failure is in auth.error and shown below.
              onClick={() => auth.signIn({ returnTo: SIGN_IN_RETURN_PATH }).catch(() => {})}
            >
              {host.hostSignIn}
            </Button>
          )}
          {signInError && (
            <ErrorAlert
              w="100%"
              title={labels.signInFailedTitle}
              message={labels.signInFailedMessage}
              details={signInError.message}
            />
          )}
          {withApi && <PublicForms />}
        </Stack>
      </Container>
    </PageMain>
  );
}
HomePage.displayName = 'HomePage';
