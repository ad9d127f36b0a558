/** Texts of the change-history panel ("who changed it, when?"), spread into `defaultLabels`. */
export const historyLabels = {
  historyTitle: 'Change history',
  historyShow: 'Show change history',
  historyHide: 'Hide change history',
  historyIntro: 'Every change of the permissions or members of this {holder}, newest first: who made it, when, and what it added, removed or updated.',
  historyEmpty: 'No changes recorded for this {holder} yet.',
  historyFailed: 'Failed to load the change history. Please try again.',
  historyBy: 'by {actor}',
  historySystem: 'the system',
  historyActionClaims: 'Permissions',
  historyActionClaimGroups: 'Claim groups',
  historyActionMembers: 'Members',
  historyPages: 'Change history pages',
  historyPage: 'Page {page}',
  historyPreviousPage: 'Previous page',
  historyNextPage: 'Next page',
  claimGroupWord: 'role',
} as const;
