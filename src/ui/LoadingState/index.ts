export { LoadingState, DEFAULT_LOADING_STATE_LABELS } from './LoadingState';
export type { LoadingStateProps, LoadingStateLabels } from './LoadingState';
