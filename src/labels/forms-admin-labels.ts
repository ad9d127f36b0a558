/**
 * The texts of the forms administration screens (forms, form schemas, form groups, form instances), English by
 * default. They are spread into the library's one `defaultLabels` object (src/labels/english.ts), so a host overrides
 * them like every other text. `{name}` placeholders are filled by `fillLabel`.
 *
 * The delete words are the same on every list: 'Delete' is the soft delete (the row leaves the lists and shows under
 * 'Show deleted', where 'Restore' brings it back); 'Delete permanently' is the hard delete, offered only in the
 * 'Show deleted' view, after a confirmation that says what goes with the row.
 */
export const formsAdminLabels = {
  /**
   * A CORS refusal told apart from an unreachable server (the signed-in screens' client probes for it; the embedded
   * viewer does not, and says `networkError`): the server answers, but not to this page's origin.
   */
  corsRefused: "The server is up but refuses requests from this page's address (CORS). Its operator must add this page's origin to the server's HOST_ORIGIN setting.",
  // Delete, restore, delete permanently (every forms list)
  restore: 'Restore',
  deletePermanently: 'Delete permanently',
  showDeleted: 'Show deleted',
  /** The mark of a soft-deleted row in the 'Show deleted' view (a text badge, not a colour alone). */
  deletedBadge: 'Deleted',
  /** The entity names used inside the sentences below. */
  entityForm: 'form',
  entityFormSchema: 'form schema',
  entityFormGroup: 'form group',
  entityFormInstance: 'form instance',
  softDeleteTitle: "Delete {entity} '{name}'?",
  softDeleteMessage: "It leaves the lists and shows under 'Show deleted', where 'Restore' brings it back.",
  hardDeleteTitle: "Delete {entity} '{name}' permanently?",
  /** What goes with a row that is deleted permanently, per entity; 'This action cannot be undone.' follows. */
  hardDeleteFormMessage: 'Its schemas, its instances and their signing envelopes are deleted with it.',
  hardDeleteFormSchemaMessage: 'Its instances and their signing envelopes are deleted with it.',
  hardDeleteFormGroupMessage: 'Its forms are not deleted: they stay, in no group.',
  hardDeleteFormInstanceMessage: 'Its signing envelope is deleted with it.',
  /** Added to the 'Delete' confirmation of a form group: deleting a group never deletes its forms. */
  softDeleteFormGroupMessage: 'Its forms are not deleted.',
  softDeletedToast: "'{name}' was deleted. 'Show deleted' lists it, to restore it.",
  restoredToast: "'{name}' was restored.",
  hardDeletedToast: "'{name}' was deleted permanently.",
  softDeleteFailed: "Could not delete '{name}'",
  restoreFailed: "Could not restore '{name}'",
  hardDeleteFailed: "Could not delete '{name}' permanently",
  // Screens
  formListTitle: 'Forms',
  formListSubtitle: 'Every form, its group, its current version and its instances',
  createForm: 'Create form',
  failedToLoadForms: 'Failed to load forms. Please try again.',
  formSchemaListTitle: 'Form Schemas',
  formSchemaListSubtitle: 'Every version of every form schema',
  createFormSchema: 'Create form schema',
  failedToLoadFormSchemas: 'Failed to load form schemas. Please try again.',
  formGroupListTitle: 'Form Groups',
  formGroupListSubtitle: 'Named sets of forms',
  createFormGroup: 'Create form group',
  createFormGroupTitle: 'Create form group',
  editFormGroupTitle: 'Rename or describe the form group',
  failedToLoadFormGroups: 'Failed to load form groups. Please try again.',
  failedToLoadFormGroup: 'Failed to load the form group. Please try again.',
  formGroupNotFound: 'This form group does not exist or was deleted.',
  formGroupDeletedNotice: "This form group is deleted. 'Restore' brings it back; its forms were never deleted.",
  /** Shown under a name field left blank. */
  nameRequired: 'Enter a name.',
  /** Shown under a form's or a form group's name longer than the stores keep. */
  nameTooLong: 'A name can be at most {max} characters: this one has {count}.',
  /** Shown under a name another live row of the same kind already has (names are compared ignoring case). */
  formGroupNameTaken: "A form group named '{name}' already exists.",
  formNameTaken: "A form named '{name}' already exists.",
  formGroupName: 'Name',
  formGroupDescription: 'Description',
  save: 'Save',
  formGroupCreatedToast: "Form group '{name}' was created.",
  formGroupSavedToast: "Form group '{name}' was saved.",
  formGroupSaveFailed: 'Could not save the form group',
  formsInGroup: 'Forms in this group',
  addFormToGroup: 'Add a form',
  addFormToGroupPlaceholder: 'Search forms by name',
  addFormToGroupHint: 'A form is in at most one group: adding a form of another group moves it here.',
  addToGroup: 'Add',
  inOtherGroup: '{name} (in {group})',
  removeFromGroup: 'Remove from group',
  formAddedToGroupToast: "'{name}' was added to '{group}'.",
  formRemovedFromGroupToast: "'{name}' was removed from '{group}'.",
  formGroupChangeFailed: "Could not change the forms of '{group}'",
  noFormsInGroup: 'No forms in this group yet.',
  // The lists with nothing in them at all (a search that matches nothing says `noSearchMatch`).
  noFormsYet: 'No forms yet.',
  noFormSchemasYet: 'No form schemas yet.',
  noFormGroupsYet: 'No form groups yet.',
  backToFormGroups: 'Back to Form Groups',
  // Lists
  searchByName: 'Search by name',
  searchByNamePlaceholder: 'Part of the name',
  noRecordsFound: 'Nothing found.',
  /** A list's name search that matches nothing; `{search}` is the text typed. */
  noSearchMatch: "Nothing matches '{search}'.",
  clearSearch: 'Clear search',
  noDeletedRecords: 'Nothing is deleted.',
  rowActions: 'Actions',
  recordsPerPage: 'Rows per page',
  paginationText: '{from}–{to} of {total}',
  pageFirst: 'First page',
  pagePrevious: 'Previous page',
  pageNext: 'Next page',
  pageLast: 'Last page',
  pageNumber: 'Page {page}',
  open: 'Open',
  yes: 'Yes',
  no: 'No',
  columnName: 'Name',
  columnDescription: 'Description',
  columnGroup: 'Group',
  columnCurrentVersion: 'Current version',
  columnPublic: 'Public',
  columnInstances: 'Instances',
  columnLastChange: 'Last change',
  columnForm: 'Form',
  columnVersion: 'Version',
  columnForms: 'Forms',
} as const;

/** The keys of the forms administration texts. */
export type FormsAdminLabelKey = keyof typeof formsAdminLabels;
