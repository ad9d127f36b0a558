/**
 * @ccq/forms-admin — React components for building, filling, signing and managing dynamic forms,
 * and for administering users, user groups and role-based permissions (claims).
 *
 * The root re-exports every entry point: the API client (`/api`), the providers and query layer,
 * sign-in, permissions, the shared UI pieces and the administration screens.
 */
export * from './api';
export * from './query';
export * from './auth';
export * from './permissions';
export * from './ui';
export * from './admin';
