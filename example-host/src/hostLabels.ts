/**
 * The example host's own texts — its pages, admin menu and gates — in one place, as the library's are in its labels
 * objects. A host in another language replaces them; a `{name}` placeholder is filled with the library's `fillLabel`.
 * A plain object importing nothing, so a public page may read it without carrying any screen's code or texts.
 */
export const hostLabels = {
  // The admin menu's entries, in its order; each also names its screen (the tab's title, the 'No access' page).
  hostMenuFormBuilder: 'Form Builder',
  hostMenuFormGroups: 'Form Groups',
  hostMenuFormInstances: 'Form Instances',
  hostMenuFormPreview: 'Form Preview',
  hostMenuForms: 'Forms',
  hostMenuFormSchemas: 'Form Schemas',
  hostMenuSigning: 'Signing',
  hostMenuRoleManagement: 'Role Management',
  hostMenuUserRoleManagement: 'User & Role Management',
  // The admin screens without a menu entry of their own, named on the 'No access' page and in the tab's title.
  hostScreenFormSchemaManager: 'Form Schema Manager',
  hostScreenFormManager: 'Form Manager',
  hostScreenPdfImport: 'PDF Import',
  hostScreenFormDataLinking: 'Form Data Linking',
  hostScreenFormInstance: 'Form Instance',
  hostScreenOutbox: 'Outbox',
  /** What the form builder's 'No access' page names when the user may not change an existing form. */
  hostScreenEditingForms: 'editing forms',
  /** What the form builder's 'No access' page names when the user may not start a form. */
  hostScreenCreatingForms: 'creating forms',

  // The tab titles of pages whose title is not a screen's name above.
  hostAdminHomeTitle: 'Admin home',
  hostFormGroupTitle: 'Form Group',
  hostPdfImportTitle: 'Import a PDF form',
  hostFormDataLinkingTitle: 'Link form fields to data',
  hostSignDocumentTitle: 'Sign a document',
  hostSigningInTitle: 'Signing in',
  /** The public form's tab while the form loads (the viewer then titles it with the form's name). */
  hostFormTitle: 'Form',

  // The admin shell.
  hostToggleAdminMenu: 'Toggle admin menu',
  hostAdminMenu: 'Admin menu',
  hostSignOut: 'Sign out',
  hostSignedInAs: 'Signed in as {name}',
  hostColorScheme: 'Colour scheme',
  hostColorSchemeCurrent: 'Colour scheme: {scheme}',
  hostColorSchemeAuto: 'Follow system',
  hostColorSchemeLight: 'Light',
  hostColorSchemeDark: 'Dark',
  /** The Signing screen's link to the Outbox (administrators only). */
  hostOutboxLink: 'Outbox: the e-mail sent',

  // The gates: no admin access, no access to one screen, a route loading, the sign-in settings.
  hostNoAccess: 'No access',
  hostNoAdminAccessMessage: 'Your account does not have access to the admin area. Ask an administrator for access.',
  hostNoScreenAccessMessage: 'Your account does not have access to {screen}. Ask an administrator for access, or choose a screen from the menu.',
  hostGoToAdminHome: 'Go to the admin home',
  hostGoToHomePage: 'Go to the home page',
  hostLoading: 'Loading',
  hostLoadingSignInSettings: 'Loading sign-in settings',
  hostBackendUnreachable: 'The backend is unreachable',
  hostSignInSettingsFailed: 'Sign-in settings could not be loaded from {url}. Check that the backend is running, then try again.',
  /** The details of the sign-in settings' error when the backend does not answer in time. */
  hostBackendTimeout: 'The backend at {url} did not answer within {seconds} s.',
  hostNotFoundMessage: 'The page you asked for does not exist.',

  // The public home.
  hostHomeIntro:
    'Build form schemas, forms and form groups; let visitors fill forms in through public links; send them for signature; and decide who may do what with users, user groups and roles.',
  hostHomeAccess: 'Public form links work without signing in. The admin area needs an account.',
  hostOpenAdmin: 'Open admin',
  /** While the home asks whether the signed-in person may open the admin area. */
  hostCheckingAdminAccess: 'Checking access to the admin area',
  hostSignIn: 'Sign in',
  hostPublicForms: 'Public forms',
  hostLoadingPublicForms: 'Loading the public forms',
  hostPublicFormsFailed: 'The public forms could not be loaded. Please try again.',
  hostNoPublicForms: 'No form is public at the moment.',
  hostFillIn: 'Fill in',
  /** The accessible name of a public form's 'Fill in' link. */
  hostFillInForm: 'Fill in {name}',

  // A public form link whose mode is neither edit nor view: its two ways on.
  hostFillInTheForm: 'Fill in the form',
  hostReadTheForm: 'Read the form',

  // The page the identity provider sends the browser to after sign-out.
  hostSignedOut: 'Signed out',
  hostSignedOutMessage: 'You have been signed out.',
  hostSignOutProviderUnreachable: 'The sign-in provider could not be reached',
  hostSignOutProviderUnreachableMessage:
    'You are signed out of this app, but your session at the sign-in provider may still be open. Close the browser to end it.',
  hostSignInAgain: 'Sign in again',
} as const;

/** The key of one of the example host's texts. */
export type HostLabelKey = keyof typeof hostLabels;
