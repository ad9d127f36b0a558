import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../api/errors';
import type { CurrentPublicVersion } from '../domain/forms/public-form';
import { currentPublicVersionQueries, FormNotFoundError } from '../query/forms-viewer';
import { LabelsProvider, useLabelGroup } from '../query/label-context';
import { useFormViewerApi, viewerLabels } from '../query/viewer-client';
import { ErrorAlert } from '../ui/ErrorAlert';
import { LoadingState } from '../ui/LoadingState';
import { FormInstanceViewer, type FormInstanceViewerProps } from './FormInstanceViewer';
import { ProblemTitle } from './ProblemTitle';

/** Props of {@link CurrentFormViewer}: those of `FormInstanceViewer` but the version and instance, plus the form. */
export interface CurrentFormViewerProps extends Omit<FormInstanceViewerProps, 'formSchemaId' | 'formInstanceId' | 'token'> {
  /** The form whose current public version to show (the `{formId}` of the stable link `/form/{formId}`). */
  formId: string;
  /** Called once the version the link serves is known (a host may show or log it; the page keeps the stable address). */
  onResolved?: (version: CurrentPublicVersion) => void;
}

function CurrentFormViewerPage({ formId, onResolved, ...viewerProps }: CurrentFormViewerProps) {
  const { client } = useFormViewerApi();
  const labels = useLabelGroup(viewerLabels, viewerProps.labels);
  const query = useQuery(currentPublicVersionQueries.version(client, formId));
  const resolved = query.data;
  useEffect(() => {
    if (resolved) onResolved?.(resolved);
    // Once per version resolved; a new callback alone does not report it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resolved]);
  const heading = (text: string) => <ProblemTitle text={text} order={viewerProps.titleOrder ?? 1} />;
  let content;
  if (resolved) content = <FormInstanceViewer {...viewerProps} formSchemaId={resolved.formSchemaId} />;
  else if (query.error instanceof FormNotFoundError || (isApiError(query.error) && query.error.status === 404))
    content = <ErrorAlert title={heading(labels.formNotFoundTitle)} message={labels.formNotFoundMessage} />;
  else if (query.error)
    content = <ErrorAlert title={heading(labels.formLoadFailedTitle)} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else content = <LoadingState labels={{ label: labels.formLoading }} />;
  return <LabelsProvider labels={labels}>{content}</LabelsProvider>;
}

// Named inside a call marked pure, not by a statement: in the published files this component shares a chunk with
// `FormInstanceViewer`, and a `displayName` statement would keep it (and its extra call) in every bundle embedding only
// the viewer.
/**
 * The page behind a form's stable public link (`/form/{formId}?mode=edit`, beyond the spec's routes): asks which
 * version the link serves now (the form's current version, while public) and shows it with `FormInstanceViewer`, so a
 * link or QR code printed once keeps serving the newest public version to new visitors. The version is asked once per
 * opening: a visitor filling the form in stays on it, and the instance they start keeps it for good (its links name
 * the version). A form without a public version shows 'Form not found', as a version link to a private one does.
 * Router-free; works inside an `APIProvider`.
 */
export const CurrentFormViewer = /* @__PURE__ */ Object.assign(CurrentFormViewerPage, {
  displayName: '@ccq/forms-admin/CurrentFormViewer',
});
