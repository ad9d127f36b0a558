/**
 * The texts of the public form viewer (`FormInstanceViewer`), English by default. They are spread into the library's
 * one `defaultLabels` object (src/labels/english.ts), so a host overrides them like every other text. The renderer's own
 * texts (buttons, error summary, validation messages) stay in the renderer's `FormLabels`.
 * `{name}` placeholders are filled by `fillLabel`.
 */
export const formViewerLabels = {
  /** Announced while the form (and the named instance) loads. */
  formLoading: 'Loading the form…',
  /** The title of a form whose name cannot be read (a visitor never sees the schema's internal name). */
  formUntitled: 'Form',
  /** The mode is neither 'edit' nor 'view' (docs/spec.md, Validation rules). */
  formModeInvalidTitle: 'This form link is not valid',
  formModeInvalidMessage: "The mode '{mode}' is not known: it must be 'edit' or 'view'.",
  /** Unknown or non-public schema, unknown instance (404). */
  formNotFoundTitle: 'Form not found',
  formNotFoundMessage: 'This form does not exist or is not open to the public. Check the link you were given.',
  formInstanceNotFoundMessage: 'The filled-in form this link names could not be found. It may have been deleted.',
  /** The link token is expired or altered (401). */
  formLinkInvalidTitle: 'This link has expired or is not valid',
  formLinkInvalidMessage: 'Ask whoever sent it for a new link to this form.',
  /** No link token and no signed-in user may read it (401 / 403). */
  formAccessDeniedTitle: 'You cannot open this form',
  formAccessDeniedMessage: 'Sign in, or open the link you were sent for this form.',
  /** Any other failed load; the alert offers 'Try again'. */
  formLoadFailedTitle: 'Could not load the form',
  // Save status (edit mode)
  formSaveStatusLabel: 'Save status',
  formSaving: 'Saving…',
  formAllSaved: 'All changes saved',
  formUnsavedChanges: 'Changes not saved yet',
  formSaveRetrying: 'Not saved — retrying in {seconds} s',
  formSaveFailed: 'Not saved',
  formRetryNow: 'Retry now',
  formSaveFailedTitle: 'Your changes are not saved yet',
  formInputKept: 'Everything you typed is kept on this device and will be saved when the connection is back.',
  formLinkExpiredOnSave: 'This link has expired, so your changes cannot be saved. They are kept on this device: ask for a new link to this form.',
  /** 412: the instance changed elsewhere since it was loaded. */
  formStaleTitle: 'This form was changed somewhere else',
  formStaleMessage:
    'Someone saved this form after you opened it, so your changes were not saved. Your answers are still here: save them over the other changes, or load the saved version instead.',
  formSaveMine: 'Save my answers',
  formLoadSaved: 'Load the saved version',
  /** A draft from an earlier visit was put back into the form. */
  formDraftRestored: 'Your unsaved answers from an earlier visit were restored.',
  // Submit
  formSubmitFailedTitle: 'Could not submit the form',
  formSubmittedTitle: 'Thank you — your form was submitted',
  formSubmittedMessage: 'Your answers were received. This is what you sent:',
  /** An instance opened in edit mode that is already Submitted or Completed. */
  formAlreadySubmitted: 'This form was already submitted and can no longer be changed.',
  /** Asked by the browser when leaving the page with changes that are not saved yet. */
  formLeaveUnsaved: 'Your latest changes are not saved yet.',
  // Refused and read-only
  /** The button beside 'You cannot open this form' when the host offers a sign-in (`onSignIn`). */
  formSignIn: 'Sign in',
  /** A view link opened in edit mode: the form is shown read-only, and why. */
  formViewLinkTitle: 'This link lets you read the form, not change it',
  formViewLinkMessage: 'To fill it in, ask whoever sent you this link for an edit link.',
  /** A save the server refused (403): what the person can do. */
  formSaveForbidden:
    'You may not change this form, so your answers cannot be saved. They are kept on this device: sign in with an account that may fill it in, or ask whoever sent you the link for an edit link.',
  /** A save of an instance that is gone (404). */
  formSaveGone: 'This form is no longer available, so your answers cannot be saved. They are kept on this device: ask whoever sent you the link for a new one.',
  /** A save of an instance that was submitted or completed meanwhile (409). */
  formSaveClosed: 'This form was already submitted and can no longer be changed. Your answers are kept on this device.',
  /** An instance opened in edit mode whose signature request is open (or a save refused for it, 409): read-only. */
  formSigningLocked: 'This form was sent for signature, so its answers are locked. To correct them, ask whoever sent it to cancel the signature request first.',
  /** An instance opened in edit mode that was signed (or a save refused for it, 409): read-only. */
  formSignedLocked: 'This form was signed, so its answers are locked and can no longer be changed.',
  /** A save refused for its content (400, 413): the reason comes first. */
  formInputKeptHere: 'Everything you typed is kept on this device.',
  // A form started earlier on this device
  formResumeTitle: 'Continue where you left off?',
  /** `{date}`: when the answers were last changed; `{fields}`: the labels of the questions answered. */
  formResumeMessage: 'This form was started on this device on {date}. Answered so far: {fields}.',
  /** No question answered yet. */
  formResumeNothingAnswered: 'This form was started on this device on {date}.',
  formResumeHint: 'If this was not you, choose Start again: those answers are then removed from this device.',
  formResumeContinue: 'Continue',
  formResumeStartAgain: 'Start again',
} as const;

/** The keys of the viewer's texts. */
export type FormViewerLabelKey = keyof typeof formViewerLabels;
