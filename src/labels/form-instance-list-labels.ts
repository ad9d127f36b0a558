/**
 * The name of each form instance status as every admin screen shows it (`status` + the enum's name, see
 * `instanceStatusLabel` in src/forms-admin/shared/instance-status.ts). The dashboard's `dashStatus…` and the
 * managers' `fmStatus…` keys default to these texts.
 */
export const instanceStatusLabels = {
  statusCreated: 'Created',
  statusInProgress: 'In progress',
  statusSubmitted: 'Submitted',
  statusCompleted: 'Completed',
};

/**
 * The texts of the Form Instances screen (`FormInstanceList`), English by default. They are spread into the
 * library's one `defaultLabels` object (src/labels/english.ts), so a host overrides them like every other text.
 * `{name}`, `{count}` and `{reason}` placeholders are filled by `fillLabel`. The delete words ('Delete', 'Restore',
 * 'Delete permanently', 'Show deleted') are the shared ones of every forms list (src/labels/forms-admin-labels.ts).
 */
export const formInstanceListLabels = {
  formInstanceListTitle: 'Form Instances',
  formInstanceListSubtitle: 'Every filling of every form: filter, open, complete, duplicate, export',
  failedToLoadFormInstances: 'Failed to load form instances. Please try again.',
  noFormInstances: 'No form instances match.',
  /** The list with no filter and no instance at all. */
  noFormInstancesYet: 'No form instances yet.',
  /** Under {@link noFormInstancesYet}: where instances come from. */
  noFormInstancesYetHint: 'One is made each time someone starts filling in a form.',
  // Filters
  instanceFilters: 'Filters',
  /**
   * On a phone the filters fold away under a button, so the list is in view: its text, and with `{count}` the number
   * of filters set.
   */
  instanceFiltersToggle: 'Filters',
  instanceFiltersToggleCount: 'Filters ({count})',
  filterForm: 'Form',
  filterGroup: 'Form group',
  filterStatus: 'Status',
  filterSignature: 'Signature',
  filterAny: 'Any',
  filterCreatedFrom: 'Created from',
  filterCreatedTo: 'Created until',
  filterUpdatedFrom: 'Updated from',
  filterUpdatedTo: 'Updated until',
  /** Under an 'until' day earlier than its 'from' day ({from}: that filter's label). */
  filterRangeInverted: "Before the day in '{from}': no instance can match.",
  filterAnswers: 'Text in the answers',
  filterAnswersPlaceholder: 'Words the answers contain',
  /** Under 'Text in the answers' when none of what was typed fits in a search (the list is not narrowed by it). */
  filterAnswersNotSearched: 'Not searched: a search holds at most {length} characters.',
  /** Under 'Text in the answers' when only the first words fit in a search. */
  filterAnswersPartly: 'Only the first {searched} of {count} words are searched: a search holds at most {terms} words and {length} characters.',
  clearFilters: 'Clear filters',
  // Answer columns: the chosen form's fields shown as columns, and filters on them
  answerColumns: 'Answer columns',
  answerColumnsPlaceholder: 'Fields of the form',
  answerColumnsNeedForm: 'Choose a form to show its answers as columns.',
  answerFilters: 'Answer filters',
  /** A repeatable section's cell: how many items the answer has. */
  answerItems: 'Items: {count}',
  /** An answer column whose label is the title of one of the list's own columns ('Signature', 'Status'). */
  answerColumnTitle: '{label} (answer)',
  /** An answer column whose label another shown answer column has: told apart by its data path. */
  answerColumnTitleAt: '{label} ({path})',
  /** A drawn signature in an answer column (`{size}`: its image's size). */
  answerDrawnSignature: 'Drawn signature ({size})',
  // Status names (src/api/enums, FormInstanceStatus): the same texts as instanceStatusLabels, written out, since a
  // spread or a reference keeps every label object that holds it in each bundle that reads any of them.
  statusCreated: 'Created',
  statusInProgress: 'In progress',
  statusSubmitted: 'Submitted',
  statusCompleted: 'Completed',
  // Columns
  columnInstance: 'Instance',
  columnInstanceForm: 'Form',
  columnSchemaVersion: 'Version',
  columnStatus: 'Status',
  columnCreated: 'Created',
  columnUpdated: 'Updated',
  selectRow: 'Select {name}',
  selectAllRows: 'Select every row of this page',
  // Row actions
  openInstance: 'Open',
  /** Opens the visitor's read-only public link of the instance in a new tab (`GetViewUrl`). */
  openViewLink: 'Open view link',
  copyEditLink: 'Copy edit link',
  copyViewLink: 'Copy view link',
  markCompleted: 'Mark completed',
  duplicateInstance: 'Duplicate',
  moreActions: 'More actions for {name}',
  /** Why 'Mark completed' is disabled. */
  markCompletedNotSubmitted: 'Only a Submitted form instance can be completed; this one is {status}.',
  markCompletedNoClaim: 'Only staff holding Forms_MarkCompleted complete a form instance.',
  /** Why 'Copy edit link' is disabled: a visitor holding the link could not save (`{status}` the instance's). */
  editLinkClosed: 'A form link can no longer change this instance: it is {status}.',
  editLinkLocked: 'A form link cannot change this instance: its answers are out for signature or signed.',
  // Results (toasts, top-right, 3000 ms)
  editLinkCopied: "The edit link of '{name}' was copied.",
  viewLinkCopied: "The view link of '{name}' was copied.",
  copyLinkFailed: "Could not copy the link of '{name}'",
  markedCompletedToast: "'{name}' was marked completed.",
  markCompletedFailed: "Could not mark '{name}' completed",
  duplicatedToast: "'{name}' was duplicated: the copy is Created.",
  duplicateFailed: "Could not duplicate '{name}'",
  openFailed: "Could not open '{name}'",
  // Signing (shown only to holders of the Signing screen's read claim)
  columnSignature: 'Signature',
  /** The signature column of an instance never sent for signature. */
  signatureNotRequested: 'Not requested',
  requestSignatureAction: 'Request signature',
  /** Why 'Request signature' is disabled: the instance's latest envelope is still out. */
  requestSignatureOpen: 'Already out for signature ({status}): void its envelope on the Signing screen first.',
  showEnvelopes: 'Show its envelopes',
  // Selection and bulk actions
  selectedCount: '{count} selected',
  selectedCountOne: '1 selected',
  deleteSelected: 'Delete selected',
  restoreSelected: 'Restore selected',
  bulkDeleteTitle: 'Delete {count} form instances?',
  bulkDeletedToast: '{count} form instances were deleted.',
  bulkRestoredToast: '{count} form instances were restored.',
  bulkDeleteTitleOne: 'Delete 1 form instance?',
  bulkDeletedToastOne: '1 form instance was deleted.',
  bulkRestoredToastOne: '1 form instance was restored.',
  bulkPartlyFailed: '{failed} of {count} form instances could not be changed',
  // Export
  exportCsv: 'Export CSV',
  exportCsvHint: 'Every form instance the filters select, not only this page',
  exportedToast: "The form instances were exported to '{name}'.",
  exportFailed: 'Could not export the form instances',
  exportXlsx: 'Export Excel',
  exportXlsxHint: 'Every form instance the filters select, as an Excel workbook (XLSX) with dates and numbers as such',
  exportOptions: 'Export options',
  /** The heading of the choice of how an export lays out a repeatable section's items. */
  exportRepeatLabel: 'Repeatable sections',
  exportRepeatRows: 'One row per item',
  exportRepeatColumns: 'One column per item',
  exportPathRow: 'Data paths as a second header row',
} as const;
