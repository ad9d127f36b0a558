/**
 * The texts of the summary of a form's answers (`FormInstanceSummary`, the 'Summary' tab of Form Instances), English
 * by default. They are spread into the library's one `defaultLabels` object (src/labels/english.ts), so a host
 * overrides them like every other text. Numbers in `{count}`-style placeholders are written in the locale
 * (`fillNumbers`).
 */
export const instanceSummaryLabels = {
  fisTabInstances: 'Instances',
  fisTabSummary: 'Summary',
  fisTabsLabel: 'Form instances or their summary',
  fisHeading: 'Form instances summed up: {count}',
  fisLoading: 'Loading the summary…',
  fisLoadFailed: 'Failed to load the summary. Please try again.',
  fisEmpty: 'No form instance matches the filters: there is nothing to sum up.',
  fisNoQuestions: 'This form asks no question that can be summed up.',
  /** Under a question: how many of the selected instances answer it. */
  fisAnswered: 'Answered in {answered} of {count}',
  /** A grid's row as a question: the grid's label and the row's. */
  fisGridRow: '{question} — {row}',
  /** Under a question of a repeatable section: how many of the section's items answer it. */
  fisAnsweredItems: 'Answered in {answered} of {count} items',
  fisInSection: 'In the repeatable section {section}, counted per item',
  /** A repeatable section's question: the section's title and the question's label. */
  fisSectionQuestion: '{section}: {question}',
  fisNotAnswered: 'Not answered yet.',
  fisAnswerColumn: 'Answer',
  fisCountColumn: 'Instances',
  fisRangeColumn: 'From – to',
  fisRange: '{from} – {to}',
  fisNumberRange: 'Smallest {min}, largest {max}',
  fisDateRange: 'First day {min}, last day {max}',
  fisLatest: 'Latest answers',
  /** A rating's answer in its summary: `{value}` of `{max}` stars. */
  fisStars: '{value} of {max} stars',
  /** Under a file upload question with answers: where its files are read. */
  fisFiles: 'The files are on each form instance.',
  /** Under a signature question with answers: where the signatures are read. */
  fisSignatures: 'The signatures are on each form instance.',
  fisYes: 'Yes',
  fisNo: 'No',
  /** The accessible name of a question's chart (the table beside it reads the same counts out). */
  fisChart: 'Chart of the answers to {question}',
  /** The accessible name of a question's table of counts. */
  fisTable: 'Answers to {question}',
} as const;
