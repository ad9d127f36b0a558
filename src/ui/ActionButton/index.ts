export { ActionButton } from './ActionButton';
export type { ActionAccess, ActionButtonProps } from './ActionButton';
