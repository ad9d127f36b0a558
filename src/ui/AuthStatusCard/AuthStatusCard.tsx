import { Button, Card, Center, Code, Loader, Stack, Text, Title, useProps, type CenterProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { defaultLabels } from '../../query/labels';
import { useLabels } from '../../query/useLabels';

/** Where the sign-in callback stands: finishing, done (about to redirect), or failed. */
export type AuthStatus = 'loading' | 'success' | 'error';

/** Texts of {@link AuthStatusCard}; every one can be overridden through the `labels` prop. */
export interface AuthStatusCardLabels {
  /** Title while the sign-in is being finished. */
  loadingTitle: string;
  /** Message while the sign-in is being finished. */
  loadingMessage: string;
  /** Title once signed in. */
  successTitle: string;
  /** Message once signed in, before the redirect. */
  successMessage: string;
  /** Title when the sign-in failed. */
  errorTitle: string;
  /** Message when the sign-in failed. */
  errorMessage: string;
  /** Label of the button that restarts the sign-in. */
  retry: string;
}

/** The spec's exact English texts for the sign-in callback page. */
export const DEFAULT_AUTH_STATUS_CARD_LABELS: AuthStatusCardLabels = authStatusCardLabels(defaultLabels);

function authStatusCardLabels(all: typeof defaultLabels | ReturnType<typeof useLabels>): AuthStatusCardLabels {
  return {
    loadingTitle: all.signInFinishingTitle,
    loadingMessage: all.signInFinishingMessage,
    successTitle: all.signInSuccessTitle,
    successMessage: all.signInSuccessMessage,
    errorTitle: all.signInFailedTitle,
    errorMessage: all.signInFailedMessage,
    retry: all.tryAgain,
  };
}

/** Props of {@link AuthStatusCard}. */
export interface AuthStatusCardProps extends Omit<CenterProps, 'children'> {
  /** Which state to show. */
  status: AuthStatus;
  /** Called by the 'Try again' button, shown when `status` is `'error'`; it should restart sign-in with a login prompt. */
  onRetry?: () => void;
  /** Technical detail of the failure, shown under the message when `status` is `'error'`. */
  error?: ReactNode | Error;
  /**
   * Width of the card; numbers are pixels.
   * @default 420
   */
  cardWidth?: number | string;
  /** Overrides for the English texts; see {@link DEFAULT_AUTH_STATUS_CARD_LABELS}. */
  labels?: Partial<AuthStatusCardLabels>;
}

const defaultProps = {
  cardWidth: 420,
} satisfies Partial<AuthStatusCardProps>;

function errorDetail(error: AuthStatusCardProps['error']): ReactNode {
  return error instanceof Error ? error.message : error;
}

/**
 * The view of the sign-in callback page: a centred card that says the sign-in is finishing, succeeded, or failed
 * (with 'Try again'). It only renders; the callback logic lives in `LoginCallback`.
 */
export function AuthStatusCard(props: AuthStatusCardProps) {
  const { status, onRetry, error, cardWidth, labels, ...others } = useProps('AuthStatusCard', defaultProps, props);
  const all = useLabels();
  const text = { ...authStatusCardLabels(all), ...labels };
  const detail = status === 'error' ? errorDetail(error) : undefined;

  const title = { loading: text.loadingTitle, success: text.successTitle, error: text.errorTitle }[status];
  const message = { loading: text.loadingMessage, success: text.successMessage, error: text.errorMessage }[status];

  return (
    <Center mih="100dvh" p="md" {...others}>
      <Card withBorder shadow="sm" radius="md" padding="xl" w="100%" maw={cardWidth} data-status={status}>
        <Stack align="center" gap="sm" ta="center" role={status === 'error' ? 'alert' : 'status'}>
          {status === 'loading' && <Loader aria-hidden />}
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text>{message}</Text>
          {detail !== undefined && detail !== null && detail !== '' && (
            <Code block w="100%" ta="left">
              {detail}
            </Code>
          )}
        </Stack>
        {status === 'error' && onRetry && (
          <Button fullWidth mt="lg" onClick={onRetry}>
            {text.retry}
          </Button>
        )}
      </Card>
    </Center>
  );
}

AuthStatusCard.displayName = '@ccq/forms-admin/AuthStatusCard';
