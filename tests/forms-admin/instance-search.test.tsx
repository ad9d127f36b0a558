import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { http } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { INSTANCE_SEARCH_DEBOUNCE_MS } from '../../src/forms-admin/FormInstanceList/useFormInstanceList';
import { APIProvider } from '../../src/query/APIProvider';
import { seedIds } from '../../src/testing/seed-ids';
import { base, setupFakeApi } from '../admin/support/screen';
import { renderWithProviders } from '../support/render';

const { server } = setupFakeApi();
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

/** The instance reads the page made, each with the signal it was sent with. */
function renderList() {
  const reads: { query: string; signal: AbortSignal | null }[] = [];
  const recording: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = decodeURIComponent(request ? request.url : String(input));
    if (url.includes('/FormInstanceOData')) reads.push({ query: url, signal: init?.signal ?? request?.signal ?? null });
    return fetch(input, init);
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 }, fetch: recording }}>
      <FormInstanceList />
    </APIProvider>,
  );
  const searches = () => reads.filter((r) => r.query.includes('$search='));
  return { reads, searches };
}

// The first page of a list this size took over 5 s to show in a run beside two CPU burners (load 30): waiting longer for
// it changes no result, only how long a failing test takes to say so.
const FIRST_PAGE_WAIT_MS = 20000;

const answersBox = () => screen.getByRole('searchbox', { name: 'Text in the answers' });
const typeText = (text: string) => fireEvent.change(answersBox(), { target: { value: text } });

describe('FormInstanceList: the answers search', () => {
  it(`asks the server ${INSTANCE_SEARCH_DEBOUNCE_MS} ms after the last key, once for keys typed closer together`, async () => {
    expect(INSTANCE_SEARCH_DEBOUNCE_MS).toBeLessThanOrEqual(100);
    const { searches } = renderList();
    await screen.findByText(seedIds.formInstances.loanCreated.slice(-8), undefined, { timeout: FIRST_PAGE_WAIT_MS });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A key every 60 ms (as the bench types): none of the prefixes is asked for.
    for (const text of ['L', 'Lo', 'Lov', 'Love']) {
      act(() => typeText(text));
      await act(() => vi.advanceTimersByTimeAsync(60));
    }
    expect(searches()).toHaveLength(0);
    // 100 ms after the last key the read goes out (with the 250 ms wait of the name searches it would not yet).
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.query).toContain('$search=Love');
  });

  it('aborts a search read the user has typed past, so fast typing never queues reads on the server', async () => {
    // The server holds the read of 'Ada' until the test ends, so it is still running when 'Grace' is asked, however
    // slowly the machine types (a fixed pause there raced the typing under load).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    onTestFinished(() => release());
    server.use(
      http.get(`${base}/odata/FormInstanceOData`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('$search')?.includes('Ada')) await held;
      }),
    );
    const { searches } = renderList();
    await screen.findByText(seedIds.formInstances.loanCreated.slice(-8), undefined, { timeout: FIRST_PAGE_WAIT_MS });
    typeText('Ada');
    await waitFor(() => expect(searches()).toHaveLength(1));
    const first = searches()[0]!;
    expect(first.signal?.aborted).toBe(false);
    typeText('Grace');
    await waitFor(() => expect(searches()).toHaveLength(2));
    // The read of 'Ada' was still running when 'Grace' was asked: it is aborted, the newest one is not.
    await waitFor(() => expect(first.signal?.aborted).toBe(true));
    expect(searches()[1]?.query).toContain('$search=Grace');
    expect(searches()[1]?.signal?.aborted).toBe(false);
  });
});
