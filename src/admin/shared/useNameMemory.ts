import { useMemo, useRef } from 'react';
import { matchesNameSearch, type NameSearch } from '../../domain/name-search';

/** A row a picker has shown: its id, the name the server matches, and the label shown for it. */
interface Remembered {
  name: string;
  label: string;
}

/** An option of a picker. */
export interface PickerOption {
  value: string;
  label: string;
}

/**
 * The names and labels of every user, user group or claim group a screen has been shown (search pages, the chosen
 * holder, its links): a server-searched picker's page holds only the matches of the current search, yet its chosen
 * options must keep their labels, and the result dialog must name what was added or removed.
 */
export function useNameMemory() {
  const memory = useRef(new Map<string, Remembered>());
  return useMemo(() => {
    const known = memory.current;
    return {
      /** Remembers rows (idempotent, so it may run while rendering); `labelOf` defaults to the name. */
      remember<T extends { id: string; name: string }>(rows: readonly T[], labelOf: (row: T) => string = (row) => row.name) {
        for (const row of rows) known.set(row.id, { name: row.name, label: labelOf(row) });
      },
      /** The label shown for an id; the id itself when never seen. */
      nameOf(id: string): string {
        return known.get(id)?.label ?? id;
      },
      /**
       * A page of rows as options, with the chosen option added when the page lacks it but it matches the search (so
       * that the picker can show its label, and never offers it against what was typed).
       */
      optionsWith<T extends { id: string }>(rows: readonly T[], chosenId: string | null, search: NameSearch | null = null): PickerOption[] {
        const options = rows.map((row) => ({ value: row.id, label: known.get(row.id)?.label ?? row.id }));
        const chosen = chosenId === null ? undefined : known.get(chosenId);
        if (chosenId !== null && chosen && !options.some((o) => o.value === chosenId)) {
          if (matchesNameSearch({ id: chosenId, name: chosen.name }, search)) options.push({ value: chosenId, label: chosen.label });
        }
        return options;
      },
    };
  }, []);
}

/** What {@link useNameMemory} returns. */
export type NameMemory = ReturnType<typeof useNameMemory>;
