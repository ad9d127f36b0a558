/**
 * The public form viewer: `FormInstanceViewer` (router-free) and the pieces it is built from. Imports nothing from
 * the administration screens, the fake backend or the server.
 */
export { FormInstanceViewer, FORM_INSTANCE_VIEWER_MODES } from './FormInstanceViewer';
export { CurrentFormViewer } from './CurrentFormViewer';
export type { CurrentFormViewerProps } from './CurrentFormViewer';
export type { CurrentPublicVersion } from '../domain/forms/public-form';
export type {
  FormInstanceViewerFactory,
  FormInstanceViewerMode,
  FormInstanceViewerProps,
  FormInstanceViewerStylesNames,
} from './FormInstanceViewer';
export type { SaveBackoff, SaveStatus, SaverState } from './draft-saver';
