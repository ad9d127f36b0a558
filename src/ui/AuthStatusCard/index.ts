export { AuthStatusCard, DEFAULT_AUTH_STATUS_CARD_LABELS } from './AuthStatusCard';
export type { AuthStatusCardProps, AuthStatusCardLabels, AuthStatus } from './AuthStatusCard';
