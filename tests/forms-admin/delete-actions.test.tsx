import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { seedIds } from '../../src/testing/seed-ids';
import { useApi } from '../../src/query/APIProvider';
import { entityQueries } from '../../src/query/queries';
import { useLabels } from '../../src/query/useLabels';
import * as odata from '../../src/api/odata';
import type { Form } from '../../src/api/types';
import {
  claimsOfAction,
  DeleteConfirmDialog,
  RowDeleteActions,
  ShowDeletedToggle,
  useDeleteActions,
} from '../../src/forms-admin/shared';
import { renderInApi, setupFakeApi } from '../admin/support/screen';

const { backend, requestsTo } = setupFakeApi();
// Toasts live in a store of their own: each test starts without the previous one's.
afterEach(() => notifications.clean());

/** The smallest list that uses the shared pieces: the forms, live or deleted, each with its delete buttons. */
function Harness() {
  const { client } = useApi();
  const labels = useLabels();
  const [showDeleted, setShowDeleted] = useState(false);
  const forms = useQuery(
    entityQueries.forms(client, { filter: odata.eq<Form>('isDeleted', showDeleted), orderBy: [['name', 'asc']], count: true }),
  );
  const actions = useDeleteActions('form', { labels });
  return (
    <>
      {actions.access.showDeleted && <ShowDeletedToggle checked={showDeleted} onChange={setShowDeleted} labels={labels} />}
      <ul aria-label="Forms">
        {(forms.data?.value ?? []).map((f) => (
          <li key={f.formId}>
            {f.name}
            <RowDeleteActions
              controller={actions}
              target={{ id: f.formId, name: f.name, etag: (f as { '@odata.etag'?: string })['@odata.etag'] }}
              deleted={showDeleted}
              labels={labels}
            />
          </li>
        ))}
      </ul>
      <DeleteConfirmDialog controller={actions} labels={labels} />
    </>
  );
}

const list = () => screen.getByRole('list', { name: 'Forms' });

describe('the shared delete actions of the forms lists', () => {
  it('reads the claims of each action from the route table: soft delete …_MarkDeleted, hard delete …_Delete, restore …_Update', () => {
    expect(claimsOfAction('form', 'delete')).toEqual(['DeleteForm_AllowRead', 'Form_MarkDeleted']);
    expect(claimsOfAction('form', 'deletePermanently')).toEqual(['DeleteForm_AllowRead', 'Form_Delete']);
    expect(claimsOfAction('form', 'restore')).toEqual(['Form_Update']);
    expect(claimsOfAction('formgroup', 'deletePermanently')).toEqual(['DeleteFormGroup_AllowRead', 'FormGroup_Delete']);
    expect(claimsOfAction('forminstance', 'delete')).toEqual(['DeleteFormInstance_AllowRead', 'FormInstance_MarkDeleted']);
    expect(claimsOfAction('formschema', 'delete')).toEqual(['FormSchema_MarkDeleted']);
  });

  it("'Delete' asks, marks the row deleted, toasts, and 'Show deleted' then lists it, where 'Restore' brings it back", async () => {
    const { user } = renderInApi(<Harness />);
    await within(await screen.findByRole('list', { name: 'Forms' })).findByText('Loan Application');
    await user.click(await screen.findByRole('button', { name: 'Delete Loan Application' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete form 'Loan Application'?" });
    expect(dialog).toHaveTextContent("It leaves the lists and shows under 'Show deleted', where 'Restore' brings it back.");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("'Loan Application' was deleted. 'Show deleted' lists it, to restore it.")).toBeInTheDocument();
    await waitFor(() => expect(within(list()).queryByText('Loan Application')).not.toBeInTheDocument());
    expect(requestsTo('softdelete')).toHaveLength(1);
    expect(backend.db.forms.find((f) => f.formId === seedIds.forms.loanApplication)?.isDeleted).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await within(list()).findByText('Loan Application');
    expect(screen.queryByRole('button', { name: 'Delete Loan Application' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Loan Application' }));
    expect(await screen.findByText("'Loan Application' was restored.")).toBeInTheDocument();
    await waitFor(() => expect(within(list()).queryByText('Loan Application')).not.toBeInTheDocument());
    expect(backend.db.forms.find((f) => f.formId === seedIds.forms.loanApplication)?.isDeleted).toBe(false);
  });

  it("'Delete permanently' is offered only in the deleted view and says that a form takes its schemas, instances and envelopes", async () => {
    const { user } = renderInApi(<Harness />);
    await within(await screen.findByRole('list', { name: 'Forms' })).findByText('Expense Claim');
    expect(screen.queryByRole('button', { name: /Delete permanently/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Expense Claim' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(/'Expense Claim' was deleted/);
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    await user.click(await screen.findByRole('button', { name: 'Delete permanently Expense Claim' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete form 'Expense Claim' permanently?" });
    expect(dialog).toHaveTextContent(
      'Its schemas, its instances and their signing envelopes are deleted with it. This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText("'Expense Claim' was deleted permanently.")).toBeInTheDocument();
    expect(backend.db.forms.some((f) => f.formId === seedIds.forms.expenseClaim)).toBe(false);
    expect(backend.db.formSchemas.some((s) => s.formId === seedIds.forms.expenseClaim)).toBe(false);
  });

  it("the seeded editor sees 'Delete' but never 'Delete permanently', and the server answers 403 to their hard delete", async () => {
    backend.db.forms.find((f) => f.formId === seedIds.forms.contactRequest)!.isDeleted = true;
    backend.setEnforceClaims(true);
    backend.setCurrentUser('editor');
    const { user } = renderInApi(<Harness />);
    expect(await screen.findByRole('button', { name: 'Delete Loan Application' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show deleted' }));
    expect(await screen.findByRole('button', { name: 'Restore Contact Request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete permanently/ })).not.toBeInTheDocument();
    const answer = await fetch(`http://api.test/api/crud/form/delete?Id=${seedIds.forms.contactRequest}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${backend.tokenFor('editor')}` },
    });
    expect(answer.status).toBe(403);
  });

  it('a refused action says why in a toast and changes nothing', async () => {
    backend.setEnforceClaims(true);
    backend.setCurrentUser('editor');
    const { user } = renderInApi(<Harness />);
    await user.click(await screen.findByRole('button', { name: 'Delete Loan Application' }));
    backend.setCurrentUser('reader');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Could not delete 'Loan Application'")).toBeInTheDocument();
    expect(backend.db.forms.find((f) => f.formId === seedIds.forms.loanApplication)?.isDeleted).toBe(false);
  });
});
