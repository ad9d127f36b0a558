export { SigningList, SigningListView } from './SigningList';
export type { SigningListFactory, SigningListProps, SigningListStylesNames, SigningListViewFactory, SigningListViewProps } from './SigningList';
export { ENVELOPE_FILTER_STATUSES, INITIAL_SIGNING_LIST_STATE, signerLinkOffered, useSigningList } from './useSigningList';
export type { SigningAccess, SigningInstance, SigningListController, SigningListOptions, SigningListState } from './useSigningList';
export { moveSigner, RequestSignatureDialog, signerProblems } from './RequestSignatureDialog';
export type { RequestAgain, RequestSignatureDialogProps, SignerDraft } from './RequestSignatureDialog';
export { signerFromAnswers } from '../../domain/signing/signer-suggestion';
export type { SuggestedSigner } from '../../domain/signing/signer-suggestion';
