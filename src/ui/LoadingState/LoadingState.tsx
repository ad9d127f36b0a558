import { Loader, Stack, Text, VisuallyHidden, useProps, type LoaderProps, type StackProps } from '@mantine/core';
import { useLabelGroup } from '../../query/label-context';
import { sharedLabels } from '../../query/shared-labels';

/** Texts of {@link LoadingState}; every one can be overridden through the `labels` prop. */
export interface LoadingStateLabels {
  /** What is loading; announced to screen readers, and shown when `labelVisible` is set. */
  label: string;
}

/** English defaults of {@link LoadingStateLabels}. */
export const DEFAULT_LOADING_STATE_LABELS: LoadingStateLabels = {
  label: sharedLabels.loading,
};

/** Props of {@link LoadingState}. */
export interface LoadingStateProps extends Omit<StackProps, 'children'> {
  /**
   * Shows the label under the spinner instead of only announcing it.
   * @default false
   */
  labelVisible?: boolean;
  /**
   * Size of the spinner.
   * @default 'md'
   */
  loaderSize?: LoaderProps['size'];
  /** Overrides of the texts, which otherwise come from the `APIProvider` labels. */
  labels?: Partial<LoadingStateLabels>;
}

const defaultProps = {
  labelVisible: false,
  loaderSize: 'md',
} satisfies Partial<LoadingStateProps>;

/** A centred spinner in a polite live region (`role="status"`), so the label is announced to screen readers. */
export function LoadingState(props: LoadingStateProps) {
  const { labelVisible, loaderSize, labels, ...others } = useProps('LoadingState', defaultProps, props);
  const all = useLabelGroup(sharedLabels);
  const text: LoadingStateLabels = { label: all.loading, ...labels };

  return (
    <Stack role="status" align="center" justify="center" gap="xs" py="xl" {...others}>
      <Loader size={loaderSize} aria-hidden />
      {labelVisible ? <Text size="sm">{text.label}</Text> : <VisuallyHidden>{text.label}</VisuallyHidden>}
    </Stack>
  );
}

LoadingState.displayName = '@ccq/forms-admin/LoadingState';
