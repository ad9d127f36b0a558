export { FormInstanceDetail, FormInstanceDetailView } from './FormInstanceDetail';
export type { FormInstanceDetailFactory, FormInstanceDetailProps, FormInstanceDetailStylesNames, FormInstanceDetailViewFactory, FormInstanceDetailViewProps } from './FormInstanceDetail';
export { useFormInstanceDetail } from './useFormInstanceDetail';
export type { EnvelopeAudit, FormInstanceDetailAccess, FormInstanceDetailController, FormInstanceDetailOptions, FormInstanceDetailRecord } from './useFormInstanceDetail';
