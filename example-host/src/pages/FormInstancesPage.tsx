/**
 * `/admin/form-instances/`: the Form Instances list. 'Open' goes to the instance's page,
 * `/admin/form-instance/{formInstanceId}`; 'Open view link' opens the visitor's read-only link (`GetViewUrl`, this
 * host's public `/form-instance/{formSchemaId}?mode=view&…` route) in a new tab. 'Show its envelopes' opens the
 * Signing screen narrowed to the instance. The list's filters, search words, answer filters, page, order and answer
 * columns live in the address (see formInstanceListSearch.ts), so a reload or a shared link keeps the view; the answer
 * columns are also kept per user and form in the browser. A lazy chunk of its own, with the table's stylesheet.
 */
import 'mantine-datatable/styles.css';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { PageTitle } from '../components/landmarks';
import { FormInstanceList, useAuth } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { instanceListSearch, instanceListState, validateFormInstanceListSearch, type InstanceListState } from '../formInstanceListSearch';
import { signingHref } from '../signingSearch';
import { useLabelTexts } from '../useLabelTexts';

export function FormInstancesPage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const labels = useLabelTexts(hostLabels);
  const search = validateFormInstanceListSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const state = instanceListState(search);
  // The list may change its state and its columns in one step (another form brings its own columns): the address
  // gets both, each change replacing it (typing is not a step back).
  const latest = useRef<{ state: InstanceListState; cols: readonly string[] | undefined }>({ state, cols: search.cols });
  latest.current = { state, cols: search.cols };
  const go = (change: Partial<typeof latest.current>) => {
    latest.current = { ...latest.current, ...change };
    void navigate({ to: '/admin/form-instances/', search: instanceListSearch(latest.current.state, latest.current.cols) as Record<string, unknown>, replace: true });
  };
  return (
    <>
      <PageTitle title={labels.hostMenuFormInstances} />
      <FormInstanceList
        state={state}
        onStateChange={(next) => go({ state: next })}
        answerColumns={search.cols}
        onAnswerColumnsChange={(cols) => go({ cols })}
        userKey={auth.user?.subject ?? null}
        onOpenInstance={(formInstanceId) => void navigate({ to: '/admin/form-instance/$formInstanceId', params: { formInstanceId } })}
        onOpenSigning={(instance) => void navigate({ href: signingHref(instance.formInstanceId) })} />
    </>
  );
}
FormInstancesPage.displayName = 'FormInstancesPage';
