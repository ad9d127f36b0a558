/**
 * @ccq/forms-admin — React components for building, filling, signing and managing dynamic forms,
 * and for administering users, user groups and role-based permissions (claims).
 *
 * The root re-exports the API client (`/api`), the providers and query layer, sign-in, permissions,
 * the shared UI pieces, the administration screens and the form renderer of `/viewer`.
 */
// Named exports only: each name below is public API on purpose (tests/exports snapshots the list; the README lists it).

// `/api`: the HTTP client, errors, enums, contract types, the domain rules a host needs, the `odata` namespace.
export {
  ACCESS_REFUSAL_CODES, ALL_CLAIM_TYPES, ALL_DEFAULT_CLAIMS, API_ERROR_MESSAGE, ApiError, apiErrorFrom, ArgumentError,
  BUILT_IN_CLAIM_GROUP_DEFINITIONS, builtInClaimGroupDefinition, builtInGroupDeleteReason, builtInGroupEmptyReason,
  ButtonClaim, claimKeyOf, ClaimTypeFlags, computeEffectiveClaims, createApiClient, createProblemDetails,
  createTransport, dateReviver, DEFAULT_PRIORITY_OF_PERMISSION, DefaultClaimNumbers, defaultClaimTypeOf,
  EnvelopeStatus, explainEffectiveClaims, fileNameFromContentDisposition, FormInstanceStatus, groupNameKey, isAbortError,
  isAdministrator, isApiError, isIsoDateTime, isNetworkError, isProblemDetails, LAST_ADMINISTRATOR_MESSAGE,
  MAX_ARRAY_ITEMS, MAX_CHANGE_PAIRS, MAX_GROUP_NAME_LENGTH, MenuClaim, NetworkError, normalizeGroupName, odata,
  parseJsonWithDates, Permission, PERMISSION_ACTIONS, PERMISSION_ENTITIES, PRIORITY_RANGE, PROBLEM_CONTENT_TYPE,
  matchesNameSearch, MAX_NAME_SEARCH_LENGTH, nameSearchOf, problemDetailOf, REASON_PHRASES, removesOwnAdminAccess, reviveDates,
  rowLevelPermission, RowLevelPermission, satisfies, singleKeyOf, singleOrNull, TableClaim, wouldCreateCycle,
} from './api';
export type {
  AccessChange, AccessClaimGroup, AccessHolder, AccessModel, AccessUser, ApiClient, ApiClientOptions,
  ApiRequest, ApplicationUser, ApplicationUserApplicationUserGroup, ApplicationUserGroup, ApplicationUserGroupIncludes,
  ApplicationUserIncludes, AuditFields, BuiltInClaimGroupDefinition, BuiltInClaimGroupKey, ButtonClaimKey, CallOptions,
  ClaimApi, ClaimBase, ClaimEntry, ClaimGrant, ClaimGrantInput, ClaimGroup, ClaimGroupIncludes, ClaimGroupLink, ClaimGroupSearchArgs,
  ClaimGroupNode, ClaimGroupsChangeRequest, ClaimHolderGraph, ClaimKey, ClaimsChangeRequest, ClaimTypeFlag,
  ClaimTypeNames, ClaimTypeRecord, CrudApi, CrudEntities, CrudEntityApi, CrudEntityName, DisplayNameFunction,
  DownloadDocumentResult, DynamicFormLinkingApi, EffectivePermission, EntityWithPermissions, ExplainedGrant, FieldComputation, FieldOption, FieldRule, FieldRuleGroup, FieldRuleNode,
  FieldWidget, FileParameter, Filter, FilterField, FilterValue, Form, FormField, FormGeneratorApi, FormGroup,
  FormInstance, FormLayout, FormPage, FormsApi, FormSchema, FormSchemaApi, FormSection, GeneratedForm, GrantSourceStep, HealthCheckApi, HistoryAction, HistoryEntry, HistoryHolderKind, HistoryItem, HttpMethod,
  JsonObject, JsonValue, MenuClaimKey, NameSearch, NameSearchArgs, ODataApi, ODataEntitySet, ODataExpandOptions, ODataOrderByItem,
  ODataQueryOptions, ODataResult, OidcConfig, OverruledReason, OwnAdminChange, PageArgs, Paged, PatternCheckResult, PdfField, PdfTemplate, InstanceFromApplication, PrefillProblem, PrimitivePathInfo, PermissionKey, ProblemDetails,
  PropertyName, QueryValue, RetryOptions, RowLevelTable, SatisfiesOptions, SelectedPermission, SignatureRequest,
  Signer, SigningApi, TableClaimKey, Transport, UserSessionData, UsersInGroupsChangeRequest,
  AuditProblem, AuditVerification, EnvelopeSigner, ListEnvelopesFilter, SignaturePlace, SignBody, SignerLink, SignerStatus, SigningAuditEvent, SigningEnvelope, SigningSession,
  OutboxAttachment, OutboxMessage,
} from './api';

// Providers, labels, query keys and queryOptions factories, mutation hooks.
export {
  ApiContext, APIProvider, claimKeys, claimQueries, createDefaultQueryClient, defaultLabels, englishLabels,
  describeError, entityKeys, entityQueries, fillLabel, formLinkKeys, formLinkQueries, formViewerLabels, healthKeys, healthQueries,
  holderKeys, holderQueries,
  LabelsProvider, linkingKeys, linkingQueries, OUTSIDE_PROVIDER_MESSAGE,
  PermissionSaveError, resolveLabels, routerLabels, savePermissions,
  useAddRemoveUpdateAppUsersInAppuserGroups,
  useAddRemoveUpdateClaimGroupsToAppUserGroupOrUserGroups, useAddRemoveUpdateClaimGroupsToAppUserOrUsers,
  useAddRemoveUpdateClaimGroupsToClaimGroupOrClaimGroups, useAddRemoveUpdateClaimsToAppUserGroupOrUserGroups,
  useAddRemoveUpdateClaimsToAppUserOrUsers, useAddRemoveUpdateClaimsToClaimGroupOrClaimGroups, useApi, useApiMutation,
  useClearUserClaimsCache, useCreateClaimGroup, useCreateLinkedInstance, useCreateUserGroup, useCrudMutation,
  useDeleteClaimGroup, useDeleteUserGroup, useDuplicateInstance, useFullSync, useLabels, useLocale, useMarkCompleted,
  useNotifyDeleted, useRenameClaimGroup, useRenameUserGroup, useRequestSignature, useSavePermissions, useUploadPdf,
  useUpsertBuiltInClaimGroups,
} from './query';
export type {
  ApiContextValue, APIProviderProps, ClaimGroupSearchParams, ClaimGroupsChange, ClaimsChange, CrudMutationVariables, ErrorDescription, HolderSearchParams, Labels,
  MutationHookOptions, PermissionHolderKind, PermissionSave, PermissionSaveResult,
} from './query';

// Sign-in over oidc-client-ts.
export {
  ACCESS_TOKEN_EXPIRING_NOTIFICATION_SECONDS, AuthContext, AuthenticatedAPIProvider, AuthProvider, BASE_SCOPES,
  createUserManagerSettings, LoginCallback, RequireAdmin, RequireAuth, returnPathFromState, safeReturnPath,
  SILENT_REQUEST_TIMEOUT_SECONDS, useAuth,
} from './auth';
export type {
  AuthConfig, AuthContextValue, AuthenticatedAPIProviderProps, AuthError, AuthErrorSource, AuthProviderProps, AuthUser,
  LoginCallbackProps, RequireAdminProps, RequireAuthProps, SignInState,
} from './auth';

// Permissions.
export { Can, claimNumbersByKey, RequireClaim, resolveClaimValue, useCan, useMyClaims } from './permissions';
export type { CanProps, CanResult, ClaimName, MyClaims, RequireClaimProps } from './permissions';

// Shared UI pieces.
export {
  ActionButton, AuthStatusCard, ccqTheme, ConfirmModal, EmptyState, ErrorAlert,
  LoadingState, PageShell, ResultDialog,
} from './ui';
export type {
  ActionAccess, ActionButtonProps, AuthStatus, AuthStatusCardLabels, AuthStatusCardProps, ConfirmModalLabels,
  ConfirmModalProps, EmptyStateProps, ErrorAlertLabels, ErrorAlertProps, LoadingStateLabels, LoadingStateProps,
  PageShellProps, ResultDialogEntry, ResultDialogLabels, ResultDialogProps,
} from './ui';

// Administration screens: headless hooks and their views.
export {
  ADMIN_ACTION_CLAIMS, EffectivePermissionsPanel, PermissionEditor,
  PermissionEditorView, PermissionHistoryPanel, useEffectivePermissions, usePermissionHistory,
  RoleManagement, RoleManagementView, useClaimCatalogue,
  useClaimEntriesOfTypes, usePermissionEditor, useRoleManagement, UserRoleManagement, UserRoleManagementView,
  useUserRoleManagement,
} from './admin';
export type {
  AdminAccess, CatalogueEntry, ClaimGroupOption, EffectivePermissionsHolder, EffectivePermissionsPanelProps, EffectivePermissionsPanelStylesNames, ListState, PermissionHistoryHolder, PickerOption, PickerSearch, PickerSearchSource, PickerSearchState, PermissionHistoryPanelProps, PermissionHistoryPanelStylesNames,
  PermissionCategory, PermissionDiff,
  PermissionEditorController, PermissionEditorFactory, PermissionEditorOptions, PermissionEditorProps,
  PermissionEditorStylesNames, PermissionEditorViewFactory, PermissionEditorViewProps, RoleManagementController,
  RoleManagementFactory, RoleManagementOptions, RoleManagementProps, RoleManagementStylesNames,
  RoleManagementViewFactory, RoleManagementViewProps, SelectedClaim, UserRoleManagementController,
  UserRoleManagementFactory, UserRoleManagementOptions, UserRoleManagementProps, UserRoleManagementStylesNames,
  UserRoleManagementTab, UserRoleManagementViewFactory, UserRoleManagementViewProps,
} from './admin';

// Forms administration: the Form Instances list (headless hook and its view).
export {
  FormInstanceList, FormInstanceListView, useFormInstanceList,
} from './forms-admin/FormInstanceList';
export type {
  AnswerField, BulkConfirmation, FormInstanceAnswerColumns, FormInstanceFilters, FormInstanceListController,
  FormInstanceListFactory, FormInstanceListOptions, FormInstanceListProps, FormInstanceListRow, FormInstanceListState,
  FormInstanceListStylesNames, FormInstanceListViewFactory, FormInstanceListViewProps, FormInstanceSigning,
  FormInstanceSortColumn,
} from './forms-admin/FormInstanceList';

// Forms administration: the summary of a form's answers (Form Instances' 'Summary' tab; headless hook and its view).
export { FormInstanceSummary, FormInstanceSummaryView, useInstanceSummary } from './forms-admin/FormInstanceSummary';
export type { FormInstanceSummaryProps, FormInstanceSummaryViewProps, InstanceSummaryState } from './forms-admin/FormInstanceSummary';

// Forms administration: one form instance's page (answers, status, envelopes, actions; headless hook and its view).
export { FormInstanceDetail, FormInstanceDetailView, useFormInstanceDetail } from './forms-admin/FormInstanceDetail';
export type {
  EnvelopeAudit, FormInstanceDetailAccess, FormInstanceDetailController, FormInstanceDetailFactory, FormInstanceDetailOptions,
  FormInstanceDetailProps, FormInstanceDetailRecord, FormInstanceDetailStylesNames, FormInstanceDetailViewFactory,
  FormInstanceDetailViewProps,
} from './forms-admin/FormInstanceDetail';

// Forms administration: the Signing screen (envelopes, signature requests; headless hook and its view).
export { SigningList, SigningListView, signerFromAnswers, useSigningList } from './forms-admin/SigningList';
export type {
  SigningAccess, SigningInstance, SuggestedSigner, SigningListController, SigningListFactory, SigningListOptions, SigningListProps,
  SigningListStylesNames, SigningListViewFactory, SigningListViewProps,
} from './forms-admin/SigningList';

// The Outbox: the mail the server sent (GET /api/Mail/Outbox).
export { MailOutbox, MailOutboxView, OUTBOX_PAGE_SIZE, useMailOutbox } from './forms-admin/MailOutbox';
export type { MailOutboxProps, MailOutboxState, MailOutboxViewProps } from './forms-admin/MailOutbox';

// The signer's signing page (reached from a signing link, no sign-in; headless hook and the page).
export { SignDocument, useSignDocument } from './signing';
export type {
  SignatureInput, SignDocumentController, SignDocumentFactory, SignDocumentLabels, SignDocumentOptions, SignDocumentProps,
  SignDocumentStatus, SignDocumentStylesNames, SigningProblem, SigningProblemKind,
} from './signing';

// Forms administration: the form preview and the admin dashboard (headless hooks and their views).
export {
  AdminDashboard, AdminDashboardView, DASHBOARD_DAYS, DASHBOARD_LIST_SIZE, DASHBOARD_STATUSES, DASHBOARD_TILE_CLAIMS,
  DASHBOARD_WAITING_STATUSES, useAdminDashboard,
} from './forms-admin/AdminHome';
export type {
  AdminDashboardController, AdminDashboardFactory, AdminDashboardOptions, AdminDashboardProps,
  AdminDashboardStylesNames, AdminDashboardViewFactory, AdminDashboardViewProps, DashboardAttention, DashboardInstance,
  DashboardTile, DashboardTileState, StatusCount,
} from './forms-admin/AdminHome';
export { FORM_PREVIEW_PHONE_WIDTH, FormPreview, FormPreviewView, useFormPreview } from './forms-admin/FormPreview';
// The visual form builder (src/builder)
export { BUILDER_PHONE_WIDTH, FormBuilder, FormBuilderView, useFormBuilder } from './builder';
export type {
  BuilderAction, BuilderDocument, BuilderSelection, BuilderState, FieldTarget, FormBuilderController, FormBuilderFactory,
  FormBuilderOptions, FormBuilderProps, FormBuilderStylesNames, FormBuilderViewFactory, FormBuilderViewProps, HistoryStep, SectionTarget, StoredDraft,
} from './builder';
// The builder's Save button (with its draft check and dialog) and the sample forms a new form can start from, for a
// host that builds its own builder screen around them.
export { SaveFormButton, draftHasNoFields, FORM_TEMPLATES, blankTemplate, contactTemplate, copyOfForm, formTemplate, jobApplicationTemplate } from './builder';
export type { DraftProblemTarget, FormCopy, FormTemplate, FormTemplateId, FormTemplateTexts, SaveFormButtonProps, SaveFormDraftOptions, SaveFormDraftOutcome, SaveFormDraftResult } from './builder';
export type {
  FormPreviewController, FormPreviewFactory, FormPreviewMode, FormPreviewOptions, FormPreviewProps,
  FormPreviewQueryState, FormPreviewSelection, FormPreviewStylesNames, FormPreviewViewFactory, FormPreviewViewProps,
  FormPreviewWidth,
} from './forms-admin/FormPreview';

// Forms from PDFs: the import (pdf.js page preview, loaded on demand) and linking fields to application data.
export { PdfFormImport, PdfFormImportView, usePdfFormImport } from './forms-admin/PdfFormImport';
export type {
  PdfFormImportController, PdfFormImportFactory, PdfFormImportOptions, PdfFormImportProps, PdfFormImportStatus,
  PdfFormImportStylesNames, PdfFormImportViewFactory, PdfFormImportViewProps, PdfImportError, PdfImportProblem,
} from './forms-admin/PdfFormImport';
export { FormDataLinking, FormDataLinkingView, useFormDataLinking } from './forms-admin/FormDataLinking';
export type {
  FormDataLinkingController, FormDataLinkingFactory, FormDataLinkingOptions, FormDataLinkingProps,
  FormDataLinkingStylesNames, FormDataLinkingViewFactory, FormDataLinkingViewProps, LinkingRow,
} from './forms-admin/FormDataLinking';

// Forms administration: the form manager and the form schema manager (headless hooks and their views).
export { FORM_MANAGER_INSTANCES_SHOWN, FormManager, FormManagerView, useFormManager } from './forms-admin/FormManager';
export type {
  ChangedField, FormDetailsDraft, FormManagerController, FormManagerFactory, FormManagerOptions, FormManagerProps,
  FormManagerStylesNames, FormManagerViewFactory, FormManagerViewProps, LocatedField, PrefillController, PrefillRecord,
  PrefillValue, SchemaFieldsDiff,
} from './forms-admin/FormManager';
export { FormSchemaManager, FormSchemaManagerView, useFormSchemaManager } from './forms-admin/FormSchemaManager';
export type {
  FormSchemaManagerController, FormSchemaManagerFactory, FormSchemaManagerOptions, FormSchemaManagerProps,
  FormSchemaManagerStylesNames, FormSchemaManagerViewFactory, FormSchemaManagerViewProps,
} from './forms-admin/FormSchemaManager';

// The public form viewer.
export { CurrentFormViewer, FormInstanceViewer } from './viewer/index';
// The form renderer, as in `/viewer`, with the types its props and its engine name.
export type {
  CurrentFormViewerProps, CurrentPublicVersion, FormInstanceViewerFactory, FormInstanceViewerMode, FormInstanceViewerProps,
  FormInstanceViewerStylesNames, SaveBackoff,
} from './viewer/index';
export { FormRenderer, useFormEngine } from './forms';
// The form renderer's English texts and validation messages: the English pack of `FormLabels`, as the German and French
// packs' `germanFormLabels` / `frenchFormLabels`.
export { defaultFormLabels as englishFormLabels } from './forms/labels';
export type {
  FieldState, FormCheckResult, FormEngine, FormError, FormLabels, FormRendererProps, FormState, ProgressiveOptions,
  UseFormEngineOptions,
} from './forms';
// The widget registry: the built-in widgets, and what a host's own widget kind is made of.
export { FORM_WIDGETS, ViewAnswer, withFormWidgets } from './forms';
export type {
  FormWidget, FormWidgets, JsonSchemaType, ViewWidgetProps, WidgetDefaultField, WidgetKind, WidgetProps,
  WidgetPropertyEditor, WidgetValueKind,
} from './forms';

// Forms administration lists: forms, form schemas, form groups and one form group (headless hooks and their views).
export { FormList, FormListView, useFormList } from './forms-admin/FormList';
export type {
  FormListController, FormListFactory, FormListOptions, FormListProps, FormListRow, FormListStylesNames,
  FormListViewFactory, FormListViewProps,
} from './forms-admin/FormList';
// The parts every list screen's `classNames` / `styles` reach (FormListStylesNames and the others are this type).
export type { ListScreenStylesNames } from './forms-admin/shared/ListScreen';
export { LIST_PAGE_SIZES } from './forms-admin/shared/useServerTable';
export { FormSchemaList, FormSchemaListView, useFormSchemaList } from './forms-admin/FormSchemaList';
export type {
  FormSchemaListController, FormSchemaListFactory, FormSchemaListOptions, FormSchemaListProps, FormSchemaListRow,
  FormSchemaListStylesNames, FormSchemaListViewFactory, FormSchemaListViewProps,
} from './forms-admin/FormSchemaList';
export { FormGroupList, FormGroupListView, useFormGroupList } from './forms-admin/FormGroupList';
export type {
  FormGroupListController, FormGroupListFactory, FormGroupListOptions, FormGroupListProps, FormGroupListRow,
  FormGroupListStylesNames, FormGroupListViewFactory, FormGroupListViewProps,
} from './forms-admin/FormGroupList';
export { FormGroupDetail, FormGroupDetailView, useFormGroupDetail } from './forms-admin/FormGroupDetail';
export type {
  FormGroupDetailController, FormGroupDetailFactory, FormGroupDetailOptions, FormGroupDetailProps,
  FormGroupDetailStylesNames, FormGroupDetailViewFactory, FormGroupDetailViewProps, FormGroupFormRow,
} from './forms-admin/FormGroupDetail';
