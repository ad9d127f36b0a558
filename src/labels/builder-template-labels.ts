/**
 * The content of the builder's built-in templates (src/builder/templates.ts): page and section titles, field labels,
 * help texts and options of the contact form and the job application, English by default. A template is made in the
 * language of the texts in force, and the author edits the result like any other form. They are spread into the
 * library's one `englishLabels` object (src/labels/english.ts), so a host overrides them like every other text.
 */
export const builderTemplateLabels = {
  tplContactPage: 'Contact us',
  tplContactAboutYou: 'About you',
  tplContactName: 'Your name',
  tplContactEmail: 'Email',
  tplContactEmailHelp: 'We reply to this address.',
  tplContactPhone: 'Phone (optional)',
  tplContactYourMessage: 'Your message',
  tplContactTopic: 'What is it about?',
  tplContactTopicQuestion: 'A question',
  tplContactTopicFeedback: 'Feedback',
  tplContactTopicComplaint: 'A complaint',
  tplContactTopicOther: 'Something else',
  tplContactOtherTopic: 'What about?',
  tplContactMessage: 'Message',
  tplContactConsent: 'You may store my details to answer me',
  tplJobAboutYou: 'About you',
  tplJobYourDetails: 'Your details',
  tplJobFullName: 'Full name',
  tplJobEmail: 'Email',
  tplJobPhone: 'Phone',
  tplJobBirthDate: 'Date of birth',
  tplJobHistory: 'Employment history',
  tplJobJob: 'Job',
  tplJobJobDescription: 'Your jobs, the most recent first.',
  tplJobAddJob: 'Add a job',
  tplJobEmployer: 'Employer',
  tplJobTitle: 'Job title',
  tplJobFrom: 'From',
  tplJobCurrent: 'I still work here',
  tplJobUntil: 'Until',
  tplJobDuties: 'What you did',
  tplJobRolePage: 'The role',
  tplJobRoleSection: 'The role you apply for',
  tplJobRole: 'Role',
  tplJobRoleEngineer: 'Engineer',
  tplJobRoleDesigner: 'Designer',
  tplJobRoleAnalyst: 'Analyst',
  tplJobStartDate: 'Earliest start date',
  tplJobNeedsPermit: 'I need a work permit',
  tplJobPermitNumber: 'Work permit number',
  tplJobMotivation: 'Why this role?',
} as const;

/**
 * The builder palette's names of the built-in widget kinds, and the content a new field of each kind starts with
 * (its label, its options). A host kind, or a built-in kind a host renames, keeps its own name.
 */
export const builderWidgetLabels = {
  fbWidget_text: 'Short text',
  fbWidget_textarea: 'Long text',
  fbWidget_phone: 'Phone number',
  fbWidget_email: 'Email',
  fbWidget_url: 'Web address',
  fbWidget_date: 'Date',
  fbWidget_time: 'Time',
  fbWidget_datetime: 'Date and time',
  fbWidget_number: 'Number',
  fbWidget_integer: 'Whole number',
  fbWidget_checkbox: 'Checkbox',
  fbWidget_switch: 'Switch',
  fbWidget_select: 'Drop-down list',
  fbWidget_radio: 'Radio buttons',
  fbWidget_segmented: 'Segmented control',
  fbWidget_multiselect: 'Multi-select list',
  fbWidget_checkboxes: 'Checkbox list',
  fbWidget_signature: 'Signature',
  fbWidget_rating: 'Rating',
  fbWidget_matrix: 'Matrix',
  fbWidget_file: 'File upload',
  fbWidget_static: 'Text block',
  /** The label a new single-choice field starts with. */
  fbNewChoiceLabel: 'Choose one',
  /** The label a new multiple-choice field starts with. */
  fbNewListLabel: 'Choose any',
  /** The label of each option a new choice field starts with. */
  fbNewOption: 'Option {number}',
  /** The label a new matrix starts with, and the labels of its rows and columns. */
  fbNewMatrixLabel: 'Rate each row',
  fbNewRow: 'Row {number}',
  fbNewColumn: 'Column {number}',
  /** The heading and text a new text block starts with. */
  fbNewStaticLabel: 'Heading',
  fbNewStaticHelp: 'Text the person who fills in the form reads.',
} as const;
