import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { claimKeys } from '../../src/query/keys';
import { ALL_CLAIM_TYPES } from '../../src/api/enums';

/** Waits until the signed-in user's claims and the claim catalogue have loaded, so hidden buttons are hidden for good. */
export async function claimsLoaded(queryClient: QueryClient) {
  await waitFor(() => {
    expect(queryClient.getQueryState(claimKeys.myClaims())?.status).toBe('success');
    expect(queryClient.getQueryState(claimKeys.claimEntries(ALL_CLAIM_TYPES))?.status).toBe('success');
  });
}
