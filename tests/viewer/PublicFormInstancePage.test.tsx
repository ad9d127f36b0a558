import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublicFormInstancePage } from '../../example-host/src/pages/PublicFormInstancePage';
import { seedIds } from '../../src/testing/seed-ids';
import { base, renderInApi, saveStatus, setupViewerApi } from './support/viewer';

const { backend, seen, saves } = setupViewerApi();

describe('PublicFormInstancePage', () => {
  it("opens an edit link for an anonymous visitor: the link's token is the bearer, answers are saved", async () => {
    const link = await fetch(`${base}/api/Forms/GetEditUrl?formInstanceId=${seedIds.formInstances.loanInProgress}`);
    const url = new URL((await link.json()) as string);
    const token = url.searchParams.get('token')!;
    seen.length = 0;
    backend.setCurrentUser(null);
    const { user } = renderInApi(
      <PublicFormInstancePage
        formSchemaId={url.pathname.split('/').at(-1)!}
        mode={url.searchParams.get('mode') === 'edit' ? 'edit' : 'view'}
        formInstanceId={url.searchParams.get('formInstanceId')!}
        token={token}
      />,
    );
    const name = await screen.findByDisplayValue('Alan Turing');
    await user.type(name, ' (AMT)');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All changes saved'), { timeout: 3000 });
    expect(saves().length).toBeGreaterThan(0);
    expect(seen.every((r) => r.authorization === `Bearer ${token}`)).toBe(true);
  });
});
