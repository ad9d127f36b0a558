/**
 * The route components of the forms administration lists: `/admin/forms/`, `/admin/form-schemas/`,
 * `/admin/form-group/` and `/admin/form-group/$formGroupId`. They only turn the URL into the screens' props and the
 * screens' callbacks into navigation (the screens import no router). The admin layout's route gate shows 'No access'
 * to a user without the menu entry's claim.
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { FormGroupDetail, FormGroupList, FormList, FormSchemaList } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

/** `/admin/forms/`: open a form in its manager, create one in the form builder or from a PDF. */
export function FormsPage() {
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostMenuForms} />
      <FormList
        onOpenForm={(formId) => void navigate({ to: '/admin/form-manager/$formId', params: { formId } })}
        onCreateForm={() => void navigate({ to: '/admin/form-builder/' })}
        onImportPdf={() => void navigate({ to: '/admin/form-import/' })}
      />
    </>
  );
}
FormsPage.displayName = 'FormsPage';

/** `/admin/form-schemas/`: open a schema in its manager, create one in the form builder. */
export function FormSchemasPage() {
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostMenuFormSchemas} />
      <FormSchemaList
        onOpenFormSchema={(formSchemaId) => void navigate({ to: '/admin/form-manager/form-schema/$formSchemaId', params: { formSchemaId } })}
        onCreateFormSchema={() => void navigate({ to: '/admin/form-builder/' })}
      />
    </>
  );
}
FormSchemasPage.displayName = 'FormSchemasPage';

/** `/admin/form-group/`: open a group (a new one too, once created). */
export function FormGroupsPage() {
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostMenuFormGroups} />
      <FormGroupList onOpenFormGroup={(formGroupId) => void navigate({ to: '/admin/form-group/$formGroupId', params: { formGroupId } })} />
    </>
  );
}
FormGroupsPage.displayName = 'FormGroupsPage';

/** `/admin/form-group/$formGroupId`: one group; back to the list with 'Back to Form Groups' or once it is deleted. */
export function FormGroupPage() {
  const { formGroupId = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const labels = useLabelTexts(hostLabels);
  return (
    <>
      <PageTitle title={labels.hostFormGroupTitle} />
      <FormGroupDetail
        key={formGroupId}
        formGroupId={formGroupId}
        onOpenForm={(formId) => void navigate({ to: '/admin/form-manager/$formId', params: { formId } })}
        onDeleted={() => void navigate({ to: '/admin/form-group/' })}
        onBack={() => void navigate({ to: '/admin/form-group/' })}
      />
    </>
  );
}
FormGroupPage.displayName = 'FormGroupPage';
