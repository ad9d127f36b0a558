export { Can } from './Can';
export type { CanProps } from './Can';
export { RequireClaim } from './RequireClaim';
export type { RequireClaimProps } from './RequireClaim';
export { useCan } from './useCan';
export type { CanResult, ClaimName } from './useCan';
export { useMyClaims } from './useMyClaims';
export type { MyClaims } from './useMyClaims';
export { resolveClaimValue, claimNumbersByKey } from './claims';
