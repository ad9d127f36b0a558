import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormBuilder } from '../../src';
import { createTransport } from '../../src/api/transport';
import { APIProvider } from '../../src/query/APIProvider';
import { seedIds } from '../../src/testing/seed-ids';
import { base, setupFakeApi } from '../admin/support/screen';
import { renderWithProviders } from '../support/render';
import { memoryStorage } from './support/memory-storage';
import { BUILDER_FIRST_RENDER_MS } from './support/timing';

const { backend } = setupFakeApi();

describe('FormBuilder.prefetch', () => {
  it('reads the form and its versions into the cache the builder then opens from, with no second read of either', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const transport = createTransport({ baseUrl: base, retry: { retries: 0 } });
    await FormBuilder.prefetch({ queryClient, transport }, seedIds.forms.contactRequest);
    const paths = () => backend.requests.map((r) => r.path);
    const prefetched = paths();
    expect(prefetched).toHaveLength(2);

    renderWithProviders(
      <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 } }}>
        <FormBuilder formId={seedIds.forms.contactRequest} draftStorage={memoryStorage()} />
      </APIProvider>,
    );
    await screen.findByRole('button', { name: 'Add Short text' }, { timeout: BUILDER_FIRST_RENDER_MS });
    expect(await screen.findByRole('heading', { name: /Contact Request/ })).toBeInTheDocument();
    const opened = paths().slice(prefetched.length);
    for (const path of prefetched) expect(opened).not.toContain(path);
  });
});
