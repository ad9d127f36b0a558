import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createElement, useState } from 'react';
import type * as DataTableModule from 'mantine-datatable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormInstanceList } from '../../src/forms-admin/FormInstanceList';
import { INITIAL_INSTANCE_LIST_STATE, type FormInstanceListState } from '../../src/forms-admin/FormInstanceList/useFormInstanceList';
import { APIProvider } from '../../src/query/APIProvider';
import { seedIds } from '../../src/testing/seed-ids';
import { base, setupFakeApi } from '../admin/support/screen';
import { renderWithProviders } from '../support/render';

// Every render of the table, counted: a key typed in the search box must not draw it again.
const tableRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('mantine-datatable', async (importOriginal) => {
  const actual = await importOriginal<typeof DataTableModule>();
  const DataTable = (props: Parameters<typeof actual.DataTable>[0]) => {
    tableRenders.count += 1;
    return createElement(actual.DataTable as never, props as never);
  };
  return { ...actual, DataTable };
});

setupFakeApi();
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

// The first page of a list this size took over 5 s to show under heavy load: waiting longer changes no result.
const FIRST_PAGE_WAIT_MS = 20000;
const answersBox = () => screen.getByRole('searchbox', { name: 'Text in the answers' });
const typeText = (text: string) => fireEvent.change(answersBox(), { target: { value: text } });

/** The list under an API provider talking to the fake; `events` gets each search read the page sent, in order. */
function renderList(ui: (events: string[]) => React.ReactElement) {
  const events: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const url = decodeURIComponent(input instanceof Request ? input.url : String(input));
    const search = /\$search=([^&]*)/.exec(url)?.[1];
    if (url.includes('/FormInstanceOData') && search) events.push(`read ${search}`);
    return fetch(input, init);
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <APIProvider baseUrl={base} queryClient={queryClient} clientOptions={{ retry: { retries: 0 }, fetch: recording }}>
      {ui(events)}
    </APIProvider>,
  );
  return events;
}

/** Waits until the table has not been drawn again for two polls 250 ms apart (the other reads have resolved). */
async function tableSettled() {
  let last = -1;
  await waitFor(
    () => {
      const now = tableRenders.count;
      const still = now === last;
      last = now;
      expect(still).toBe(true);
    },
    { timeout: 15000, interval: 250 },
  );
}

describe('FormInstanceList: a key typed in the answers search', () => {
  it('renders the search box alone: the table is not drawn again until the text rests', async () => {
    renderList(() => <FormInstanceList />);
    await screen.findByText(seedIds.formInstances.loanCreated.slice(-8), undefined, { timeout: FIRST_PAGE_WAIT_MS });
    await tableSettled();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = tableRenders.count;
    for (const text of ['L', 'Lo', 'Lov', 'Love']) act(() => typeText(text));
    // Four keys: the box shows them, the table was not drawn once for them.
    expect(answersBox()).toHaveValue('Love');
    expect(tableRenders.count - before).toBe(0);
    // Once the text rests the list reads it and the table is drawn with the new rows.
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    await waitFor(() => expect(tableRenders.count).toBeGreaterThan(before), { timeout: 10000 });
  });

  it("starts the read when the text rests, not once the host's state (its URL) has taken the text", async () => {
    // A host that applies each state change 4 s late (as a slow router would): the read must not wait for it.
    const events = renderList((log) => {
      function SlowHost() {
        const [state, setState] = useState<FormInstanceListState>(INITIAL_INSTANCE_LIST_STATE);
        return (
          <FormInstanceList
            state={state}
            onStateChange={(next) =>
              void setTimeout(() => {
                log.push(`host applied ${next.filters.text}`);
                setState(next);
              }, 4000)
            }
          />
        );
      }
      return <SlowHost />;
    });
    await screen.findByText(seedIds.formInstances.loanCreated.slice(-8), undefined, { timeout: FIRST_PAGE_WAIT_MS });
    act(() => typeText('Love'));
    await waitFor(() => expect(events).toContain('host applied Love'), { timeout: 15000 });
    expect(events.indexOf('read Love')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('read Love')).toBeLessThan(events.indexOf('host applied Love'));
    // The host's state, once it has the text, reads nothing again: the screen already shows that page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.filter((e) => e === 'read Love')).toHaveLength(1);
    expect(answersBox()).toHaveValue('Love');
  });

  it('says what was left out of a search too long to send whole, where the rows would seem to match it all', async () => {
    const events = renderList(() => <FormInstanceList />);
    await screen.findByText(seedIds.formInstances.loanCreated.slice(-8), undefined, { timeout: FIRST_PAGE_WAIT_MS });
    // One word longer than a search may be: nothing is searched, and the box says so.
    act(() => typeText('x'.repeat(300)));
    await waitFor(() => expect(answersBox()).toHaveAccessibleDescription('Not searched: a search holds at most 256 characters.'));
    expect(events.some((e) => e.includes('xxx'))).toBe(false);
    // Twenty words: the first sixteen are searched.
    act(() => typeText(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')));
    await waitFor(() =>
      expect(answersBox()).toHaveAccessibleDescription('Only the first 16 of 20 words are searched: a search holds at most 16 words and 256 characters.'),
    );
    // A search that fits says nothing.
    act(() => typeText('Love'));
    await waitFor(() => expect(answersBox()).not.toHaveAccessibleDescription());
  });
});
