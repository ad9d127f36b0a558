import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Paged } from '../../src/api/types';
import { pickerSearchOf } from '../../src/admin/shared/picker-search';
import { useHolderSearch } from '../../src/admin/shared/useHolderSearch';
import { defaultLabels } from '../../src/query/labels';

type Row = { id: string; name: string };
const row = (name: string): Row => ({ id: name.toLowerCase().replace(/\W/g, '-'), name });

/** A fake server search: answers are held until the test releases them, and a page holds at most `count` rows. */
function fakeSearch(names: readonly string[], count: number) {
  const waiting = new Map<string, () => void>();
  const query = (search: string) =>
    queryOptions({
      queryKey: ['holders', search],
      queryFn: () =>
        new Promise<Paged<Row>>((resolve) => {
          const matches = names.filter((n) => n.toLowerCase().includes(search.trim().toLowerCase())).map(row);
          waiting.set(search, () => resolve({ list: matches.slice(0, count), totalRecCount: matches.length, totalPageCount: 1 }));
        }),
    });
  const release = async (search: string) => {
    await waitFor(() => expect(waiting.has(search)).toBe(true));
    act(() => waiting.get(search)?.());
  };
  return { query, release };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const names = ['Alpha', 'Alpine', 'Apex', 'Bravo', 'Pine', 'Spine'];

describe('useHolderSearch', () => {
  it('narrows a partial page at once to the rows that still match, until the server answers with its page', async () => {
    const server = fakeSearch(names, 3);
    const { result } = renderHook(() => useHolderSearch({ query: server.query }), { wrapper });
    await server.release('');
    await waitFor(() => expect(result.current.rows.map((r) => r.name)).toEqual(['Alpha', 'Alpine', 'Apex']));
    expect(result.current.total).toBe(6);

    act(() => result.current.setSearch('p'));
    await server.release('p');
    await waitFor(() => expect(result.current.rows.map((r) => r.name)).toEqual(['Alpha', 'Alpine', 'Apex']));
    expect(result.current.total).toBe(5);

    // 'pi' only narrows 'p': of the three known rows, Alpine still matches; shown before the server answers.
    act(() => result.current.setSearch('pi'));
    expect(result.current.rows.map((r) => r.name)).toEqual(['Alpine']);
    expect(result.current.busy).toBe(true);
    expect(result.current.total).toBeNull();
    await server.release('pi');
    await waitFor(() => expect(result.current.rows.map((r) => r.name)).toEqual(['Alpine', 'Pine', 'Spine']));
    expect(result.current.total).toBe(3);
    expect(result.current.busy).toBe(false);
  });

  it('keeps the last page when none of its rows match what is typed, and narrows a complete answer for good', async () => {
    const server = fakeSearch(names, 3);
    const { result } = renderHook(() => useHolderSearch({ query: server.query }), { wrapper });
    await server.release('');
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.setSearch('br'));
    expect(result.current.rows.map((r) => r.name)).toEqual(['Alpha', 'Alpine', 'Apex']);
    await server.release('br');
    await waitFor(() => expect(result.current.rows.map((r) => r.name)).toEqual(['Bravo']));
    // The answer held every match: typing on narrows it without asking.
    act(() => result.current.setSearch('bra'));
    expect(result.current.rows.map((r) => r.name)).toEqual(['Bravo']);
    expect(result.current.total).toBe(1);
  });

  it('sends no search longer than the backends run, offers nothing for it and says so in the picker', async () => {
    const server = fakeSearch(names, 3);
    const asked: string[] = [];
    const query = (search: string) => {
      const options = server.query(search);
      return { ...options, queryFn: (context: Parameters<NonNullable<typeof options.queryFn>>[0]) => (asked.push(search), options.queryFn!(context)) };
    };
    const { result } = renderHook(() => useHolderSearch({ query }), { wrapper });
    await server.release('');
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.setSearch(`a${' '.repeat(10)}${'p'.repeat(200)}`));
    expect(result.current.tooLongOver).toBe(200);
    // Not the last page's rows, which the text typed does not narrow: nothing, and no error.
    expect(result.current.rows).toEqual([]);
    expect(result.current.error).toBeNull();
    expect(result.current.busy).toBe(false);
    expect(pickerSearchOf(result.current, defaultLabels, 'de-DE').more).toBe('A search can be at most 200 characters: shorten it to see matches');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual(['']);
    // Exactly the longest search is sent.
    act(() => result.current.setSearch(` ${'p'.repeat(200)} `));
    expect(result.current.tooLongOver).toBeNull();
    await server.release(` ${'p'.repeat(200)} `);
    await waitFor(() => expect(result.current.rows).toEqual([]));
    expect(asked).toHaveLength(2);
  });
});
