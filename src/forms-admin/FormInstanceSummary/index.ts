export { FormInstanceSummary, FormInstanceSummaryView } from './FormInstanceSummary';
export type { FormInstanceSummaryProps, FormInstanceSummaryViewProps } from './FormInstanceSummary';
export { useInstanceSummary } from './useInstanceSummary';
export type { InstanceSummaryState } from './useInstanceSummary';
