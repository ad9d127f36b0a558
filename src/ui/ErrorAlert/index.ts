export { ErrorAlert, DEFAULT_ERROR_ALERT_LABELS } from './ErrorAlert';
export type { ErrorAlertProps, ErrorAlertLabels } from './ErrorAlert';
