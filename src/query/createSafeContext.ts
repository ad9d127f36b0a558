import { createContext, useContext } from 'react';
import type { Context } from 'react';

/**
 * A context whose hook throws `errorMessage` when used outside its provider, instead of silently
 * returning a default value.
 */
export function createSafeContext<T>(errorMessage: string): [Context<T | null>, () => T] {
  const Ctx = createContext<T | null>(null);
  function useSafeContext(): T {
    const value = useContext(Ctx);
    if (value === null) throw new Error(errorMessage);
    return value;
  }
  return [Ctx, useSafeContext];
}
