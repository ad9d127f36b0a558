/**
 * `/admin/form-instances/`: the Form Instances list. 'Open' uses the screen's own default (the instance's view link
 * from `GetViewUrl`, which points at this host's public `/form-instance/{formSchemaId}?mode=view&…` route, in a new
 * tab), so the list stays where the user left it. 'Show its envelopes' opens the Signing screen narrowed to the
 * instance. A lazy chunk of its own, with the table's stylesheet.
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
      <FormInstanceList onOpenSigning={(instance) => void navigate({ href: signingHref(instance.formInstanceId) })} />
    </>
  );
}
FormInstancesPage.displayName = 'FormInstancesPage';
