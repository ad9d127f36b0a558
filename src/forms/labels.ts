/**
 * Every text the form renderer shows, English by default and overridable through the renderer's `labels` prop
 * (docs/decisions.md, Texts and labels). It includes the engine's validation messages, so one object words the whole form.
 * `{name}` placeholders are filled by `fillMessage`.
 */
import { defaultValidationMessages, type ValidationMessages } from '../engine/messages';
import { MATRIX_ANSWER_TEXT } from '../engine/matrix';
import { RATING_STARS_TEXT } from '../engine/widget-kinds';

/** Texts of the renderer itself (buttons, summary, view mode). */
export const defaultFormUiLabels = {
  /** Title of the error summary (GOV.UK wording). */
  errorSummaryTitle: 'There is a problem',
  next: 'Next',
  back: 'Back',
  submit: 'Submit',
  /** Add button of a repeatable section without its own `addLabel`. */
  addItem: 'Add item',
  removeItem: 'Remove',
  moveUp: 'Move up',
  moveDown: 'Move down',
  /** Legend of one item of a repeatable section. */
  itemTitle: '{title} {number}',
  /** Shown for a repeatable section without items in view mode. */
  noItems: 'No items',
  /** First option of a single-choice list, meaning no answer. */
  selectPlaceholder: 'Select…',
  /** A field without an answer in view mode. */
  notAnswered: 'Not answered',
  /**
   * A date-time or time answer in view mode, in the zone it was given (not converted to the reader's): `{value}` the
   * answer as typed, `{offset}` its offset from UTC ('-05:00').
   */
  answerInZone: '{value} (UTC{offset})',
  yes: 'Yes',
  no: 'No',
  /** Step indicator of a multi-page form. */
  stepOf: 'Step {number} of {total}',
  /** The document title of a step of a multi-page form (`documentTitle`): `{page}` is the page's title, `{form}` the form's name. */
  stepDocumentTitle: 'Step {number} of {total}: {page} — {form}',
  /** The document title of a one-page form, or of a form in view mode (`documentTitle`). */
  formDocumentTitle: '{form}',
  /** The note after a repeated item was removed, beside its 'Undo' button. */
  itemRemoved: '{title} removed.',
  /** Brings back the item just removed. */
  undoRemove: 'Undo',
  signatureDraw: 'Draw',
  signatureType: 'Type',
  signatureClear: 'Clear',
  signatureTypeLabel: 'Type your full name',
  signaturePadLabel: 'Signature pad: draw with a mouse, finger or pen',
  signatureDrawn: 'Signature drawn',
  signatureImageAlt: 'Signature',
  /** A rating: each star's name in edit mode, and the answer in view mode (`{value}` stars given of `{max}`). */
  ratingStars: RATING_STARS_TEXT,
  /** A matrix's answered row in view mode (`{row}` the row's label, `{column}` the chosen column's). */
  matrixAnswer: MATRIX_ANSWER_TEXT,
  /** A file upload question: the button that opens the file picker. */
  fileChoose: 'Choose a file',
  /**
   * Under 'Choose a file': what the question takes, from its own limits (`{types}` the accepted kinds, `{max}` the
   * largest size, `{count}` how many files), and that a file may be dropped on it.
   */
  fileLimits: '{types}, up to {max}{count|| each}. You can also drop {count|a file|files} here.',
  /** Removes one attached file (`{name}` its name). */
  fileRemove: 'Remove {name}',
  /** Said while a file is sent. */
  fileUploading: 'Uploading {name}…',
  /** Stops the upload under way (`{name}` the file's name): the file is not attached. */
  fileCancel: 'Cancel the upload of {name}',
  /** Said once an upload was stopped. */
  fileCancelled: 'The upload of {name} was cancelled; the file is not attached.',
  /** A file over the question's largest size (`{max}` that size in words). */
  fileTooLarge: 'The file {name} is larger than {max}.',
  /** A file none of the question's types (`{types}` them in short: 'PDF, PNG'). */
  fileWrongType: 'The file {name} is not one of the accepted types: {types}.',
  /** A file beyond the question's number of files (`{count}` that number). */
  fileTooMany: 'At most {count} {count|file|files} can be attached here: {name} was not.',
  /** An upload that failed for another reason. */
  fileUploadFailed: 'The file {name} could not be uploaded. Please try again.',
  /** Downloads one attached file in view mode, where the host allows it (staff on the instance page). */
  fileDownload: 'Download {name}',
  /** A form shown where no file can be stored (a preview). */
  fileNoUpload: 'Files cannot be attached here.',
  /** Said (to assistive technology) while a file upload question's widget loads. */
  fileLoading: 'Loading the file upload…',
};

/** Texts of the renderer. */
export type FormUiLabels = { [K in keyof typeof defaultFormUiLabels]: string };

/** Every text of a rendered form: the renderer's own and the validation messages. */
export type FormLabels = FormUiLabels & ValidationMessages;

/** The English defaults of {@link FormLabels}. */
export const defaultFormLabels: FormLabels = { ...defaultValidationMessages, ...defaultFormUiLabels };

/** Merges overrides over the defaults. */
export function resolveFormLabels(overrides?: Partial<FormLabels>): FormLabels {
  return overrides ? { ...defaultFormLabels, ...overrides } : defaultFormLabels;
}

