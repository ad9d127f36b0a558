import { instanceStatusLabels } from './form-instance-list-labels';

/**
 * The texts of the form preview (`fp…`) and the admin dashboard (`dash…`), English by default. They are spread into
 * the library's one `defaultLabels` object (src/query/labels.ts), so a host overrides them like every other text.
 * `{name}`-style placeholders are filled by `fillLabel`.
 */
export const adminHomeLabels = {
  // Form preview
  fpTitle: 'Form Preview',
  fpSubtitle: 'See a form as the public will. Nothing you type here is saved.',
  fpForm: 'Form',
  fpFormPlaceholder: 'Choose a form',
  fpVersion: 'Version',
  fpVersionOption: 'Version {version}',
  fpVersionCurrent: 'Version {version} (current)',
  fpMode: 'Mode',
  fpModeEdit: 'Fill in',
  fpModeView: 'View answers',
  fpWidth: 'Width',
  fpWidthDesktop: 'Desktop',
  fpWidthPhone: 'Phone (390 px)',
  fpFrame: 'Preview of {name}, {mode}, {width}',
  fpNoForms: 'There are no forms to preview yet.',
  fpChooseForm: 'Choose a form to see it as the public will.',
  fpNoVersions: 'This form has no versions yet, so there is nothing to preview.',
  fpFormsFailed: 'Failed to load the forms. Please try again.',
  fpVersionsFailed: "Failed to load the versions of '{name}'. Please try again.",
  fpSubmitted: 'This is a preview: the answers are complete, and nothing was saved.',
  fpReset: 'Clear answers',
  // Admin dashboard
  dashTitle: 'Admin home',
  dashSubtitle: 'What needs attention, and where to start.',
  dashSubmissions: 'Submissions of the last {days} days',
  dashSubmissionsByStatus: 'Form instances started in the last {days} days, by status',
  dashSubmissionsFailed: 'Failed to count the submissions. Please try again.',
  dashSubmissionsNone: 'No form instance was started in the last {days} days.',
  dashStatus: 'Status',
  dashCount: 'Instances',
  dashStatusCreated: instanceStatusLabels.statusCreated,
  dashStatusInProgress: instanceStatusLabels.statusInProgress,
  dashStatusSubmitted: instanceStatusLabels.statusSubmitted,
  dashStatusCompleted: instanceStatusLabels.statusCompleted,
  dashLatest: 'Latest submissions',
  dashLatestFailed: 'Failed to load the latest submissions. Please try again.',
  dashLatestNone: 'Nothing was submitted yet.',
  dashSubmittedAt: 'Submitted {date}',
  dashRecentForms: 'Forms changed recently',
  dashRecentFormsFailed: 'Failed to load the forms. Please try again.',
  dashRecentFormsNone: 'There are no forms yet.',
  dashChangedAt: 'Changed {date}',
  dashUnknownForm: 'A deleted form',
  dashQuickActions: 'Quick actions',
  dashNewForm: 'New form',
  dashPreviewForm: 'Preview a form',
  dashNothing: 'Your roles give you no tile here. Choose a screen from the menu.',
} as const;
