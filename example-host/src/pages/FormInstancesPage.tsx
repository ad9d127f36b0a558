/**
 * `/admin/form-instances/`: the Form Instances list. 'Open' goes to the instance's page,
 * `/admin/form-instance/{formInstanceId}`; 'Open view link' opens the visitor's read-only link (`GetViewUrl`, this
 * host's public `/form-instance/{formSchemaId}?mode=view&…` route) in a new tab. 'Show its envelopes' opens the
 * Signing screen narrowed to the instance. A lazy chunk of its own, with the table's stylesheet.
 */
import 'mantine-datatable/styles.css';
import { useNavigate } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { FormInstanceList } from '../formsAdmin';
import { signingHref } from '../signingSearch';

export function FormInstancesPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="Form Instances" />
      <FormInstanceList
        onOpenInstance={(formInstanceId) => void navigate({ to: '/admin/form-instance/$formInstanceId', params: { formInstanceId } })}
        onOpenSigning={(instance) => void navigate({ href: signingHref(instance.formInstanceId) })} />
    </>
  );
}
FormInstancesPage.displayName = 'FormInstancesPage';
