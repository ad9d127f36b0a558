export * from './AuthStatusCard';
export * from './ConfirmModal';
export * from './EmptyState';
export * from './ErrorAlert';
export * from './LoadingState';
export * from './PageShell';
export * from './ResultDialog';
export { ccqTheme } from './theme';
