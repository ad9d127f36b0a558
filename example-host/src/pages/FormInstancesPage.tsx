/**
 * `/admin/form-instances/`: the Form Instances list. 'Open' uses the screen's own default (the instance's view link
 * from `GetViewUrl`, which points at this host's public `/form-instance/{formSchemaId}?mode=view&…` route, in a new
 * tab), so the list stays where the user left it. A lazy chunk of its own, with the table's stylesheet.
 */
import 'mantine-datatable/styles.css';
import { PageTitle } from '../components/landmarks';
import { FormInstanceList } from '../formsAdmin';

export function FormInstancesPage() {
  return (
    <>
      <PageTitle title="Form Instances" />
      <FormInstanceList />
    </>
  );
}
FormInstancesPage.displayName = 'FormInstancesPage';
