/** The contract's entity and payload types, where the client and its screens have always imported them (src/contract/types.ts). */
export type * from '../contract/types';
