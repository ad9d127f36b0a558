export { SignDocument } from './SignDocument';
export type { SignDocumentFactory, SignDocumentProps, SignDocumentStylesNames } from './SignDocument';
export { useSignDocument, signingProblemOf } from './useSignDocument';
export type {
  SignatureInput,
  SignDocumentController,
  SignDocumentOptions,
  SignDocumentStatus,
  SigningProblem,
  SigningProblemKind,
} from './useSignDocument';
export { signDocumentTexts } from './labels';
export type { SignDocumentLabels } from './labels';
