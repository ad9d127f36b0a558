import { useContext } from 'react';
import { ApiContext } from './api-context';

/**
 * The locale the nearest `APIProvider` writes dates, times and numbers in (its `locale` prop), or undefined for the
 * browser's (also outside a provider). Pass it to `Intl.DateTimeFormat`, `Intl.NumberFormat` or `toLocaleString`.
 */
export function useLocale(): string | undefined {
  return useContext(ApiContext)?.locale;
}
