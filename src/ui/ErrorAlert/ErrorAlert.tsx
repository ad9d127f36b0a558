import { Alert, Box, Button, Code, Collapse, Group, useProps, type AlertProps } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { describeError } from '../../query/describe-error';
import { useLabelGroup } from '../../query/label-context';
import { sharedLabels } from '../../query/shared-labels';

/** Texts of {@link ErrorAlert}; every one can be overridden through the `labels` prop. */
export interface ErrorAlertLabels {
  /** Label of the retry button. */
  retry: string;
  /** Label of the toggle while the details are hidden. */
  showDetails: string;
  /** Label of the toggle while the details are shown. */
  hideDetails: string;
}

/** English defaults of {@link ErrorAlertLabels}: a view of the texts every screen shares (part of `defaultLabels`). */
export const DEFAULT_ERROR_ALERT_LABELS: ErrorAlertLabels = {
  retry: sharedLabels.tryAgain,
  showDetails: sharedLabels.showDetails,
  hideDetails: sharedLabels.hideDetails,
};

/** Props of {@link ErrorAlert}. */
export interface ErrorAlertProps extends Omit<AlertProps, 'title' | 'children' | 'color'> {
  /** Bold first line of the alert; none when omitted. */
  title?: ReactNode;
  /**
   * What went wrong, e.g. 'Failed to load users. Please try again.'. Defaults to the description of `error`.
   */
  message?: ReactNode;
  /**
   * The error of a failed call. Unless `message` is given, a refusal (4xx with problem details) shows the server's
   * reason and anything else 'An unexpected server error occurred.', with the status and response as details.
   */
  error?: unknown;
  /** Called by the 'Try again' button; the button is shown only when this is set. */
  onRetry?: () => void;
  /**
   * Shows the retry button as loading (and disabled) while a retry is running.
   * @default false
   */
  retrying?: boolean;
  /** Technical details (e.g. status and response text), hidden behind a 'Show details' toggle. Strings render as a code block. */
  details?: ReactNode;
  /**
   * Mantine color of the alert.
   * @default 'red'
   */
  color?: AlertProps['color'];
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<ErrorAlertLabels>;
}

const defaultProps = {
  retrying: false,
  color: 'red',
  variant: 'light',
} satisfies Partial<ErrorAlertProps>;

/** An error message announced to screen readers (`role="alert"`), with an optional retry and collapsible details. */
export function ErrorAlert(props: ErrorAlertProps) {
  const { title, message, error, onRetry, retrying, details: givenDetails, labels, ...others } = useProps(
    'ErrorAlert',
    defaultProps,
    props,
  );
  // The shared texts only (with the provider's and the screen's overrides): an alert carries no screen's texts.
  const all = useLabelGroup(sharedLabels);
  const text = { retry: all.tryAgain, showDetails: all.showDetails, hideDetails: all.hideDetails, ...labels };
  const described = error !== undefined && error !== null ? describeError(error, all) : undefined;
  const details = givenDetails ?? described?.details;
  const [detailsOpened, { toggle: toggleDetails }] = useDisclosure(false);
  const detailsId = useId();
  const hasDetails = details !== undefined && details !== null && details !== '';

  return (
    <Alert
      title={title}
      data-with-retry={onRetry ? true : undefined}
      data-with-details={hasDetails ? true : undefined}
      data-refused={described?.refused || undefined}
      {...others}
    >
      <Box>{message ?? described?.message}</Box>
      {(onRetry || hasDetails) && (
        <Group gap="xs" mt="sm">
          {onRetry && (
            <Button size="xs" color={others.color} onClick={onRetry} loading={retrying}>
              {text.retry}
            </Button>
          )}
          {hasDetails && (
            <Button
              size="xs"
              variant="subtle"
              color={others.color}
              onClick={toggleDetails}
              aria-expanded={detailsOpened}
              aria-controls={detailsId}
            >
              {detailsOpened ? text.hideDetails : text.showDetails}
            </Button>
          )}
        </Group>
      )}
      {hasDetails && (
        <Collapse expanded={detailsOpened} id={detailsId}>
          {typeof details === 'string' ? (
            <Code block mt="sm">
              {details}
            </Code>
          ) : (
            <Box mt="sm">{details}</Box>
          )}
        </Collapse>
      )}
    </Alert>
  );
}

ErrorAlert.displayName = '@ccq/forms-admin/ErrorAlert';
