/**
 * The texts of the form builder's save (its button, the dialog before saving, its problems and results) and of the
 * templates a new form starts from, English by default. They are spread into the library's one `defaultLabels` object (src/labels/english.ts), so a host overrides
 * them like every other text. `{name}`-style placeholders are filled by `fillLabel`.
 */
export const builderSaveLabels = {
  builderSave: 'Save',
  builderSaving: 'Saving…',
  builderSaveDialogNew: 'Save the new form',
  builderSaveDialogExisting: "Save '{name}'",
  builderSaveProblemsTitle: 'Fix these before saving',
  builderSaveProblemsIntro: 'The form cannot be saved yet. Choose a problem to go to its field.',
  builderSaveProblemWholeForm: 'The whole form',
  builderSaveProblemGoTo: 'Go to {target}',
  builderSaveName: 'Name',
  builderSaveNameRequired: 'Give the form a name.',
  builderSaveDescription: 'Description',
  builderSaveGroup: 'Form group',
  builderSaveNoGroup: 'No group',
  builderSaveMakePublic: 'Make public',
  builderSavePublicExplained:
    'Public means anyone who has the link can fill in this form, without signing in. Leave it off and only signed-in users with access can open it.',
  builderSaveLoading: 'Checking who uses this version…',
  builderSaveUnused: 'No one has filled in version {version} yet, so your changes are saved into it.',
  builderSaveUsedOne:
    '1 filled-in form uses version {version}. Saving makes a new version, version {next}, which becomes the current one: people who open the form from now on get it. The filled-in form keeps version {version} and still opens in it.',
  builderSaveUsedMany:
    '{count} filled-in forms use version {version}. Saving makes a new version, version {next}, which becomes the current one: people who open the form from now on get it. The {count} filled-in forms keep version {version} and still open in it.',
  builderSaveRemovedFields: 'Fields you removed ({fields}) keep their answers in the forms already filled in; the new version no longer asks for them.',
  builderSaveCountFailed:
    'Could not count the filled-in forms of this version. If there are any, saving makes a new version and they keep theirs.',
  builderSaveNoVersion: 'This form has no version yet: saving makes version 1, its current version.',
  builderSaveNoFields:
    'This form has no fields yet: a person filling it in would have nothing to answer. You can save it now and add fields later.',
  builderSaveUnlabeledField: 'The field at {path} has no label: a person filling in the form would not know what it asks. Give it a label.',
  builderSaveConfirm: 'Save',
  builderSaveCancel: 'Cancel',
  builderSaveRefused: 'The server did not save the form',
  builderSaveFailed: 'Could not save the form',
  builderSavePartial: 'The form was created, but its first version was not saved. Fix the problem and save again: the form is not created twice.',
  builderSavedNew: "'{name}' was created.",
  builderSavedInPlace: "'{name}' was saved.",
  builderSavedNewVersion: "'{name}' was saved as version {version}, now its current version.",
  // What a new form starts from (src/builder/templates.ts)
  builderTemplateBlank: 'Blank form',
  builderTemplateBlankDescription: 'One empty page: add your own fields.',
  builderTemplateContact: 'Contact form',
  builderTemplateContactDescription: 'Name, email, phone, what it is about and a message.',
  builderTemplateJobApplication: 'Job application',
  builderTemplateJobApplicationDescription:
    'Three pages: the applicant, their employment history of one to ten jobs, and the role, with fields that show only when they apply.',
  builderTemplateCopy: 'Copy of an existing form',
  builderTemplateCopyDescription: 'Start from the current version of a form you already have; the original stays as it is.',
  builderTemplateCopyName: 'Copy of {name}',
} as const;
