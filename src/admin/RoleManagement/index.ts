export { RoleManagement, RoleManagementView } from './RoleManagement';
export type {
  RoleManagementProps,
  RoleManagementFactory,
  RoleManagementViewProps,
  RoleManagementViewFactory,
  RoleManagementStylesNames,
} from './RoleManagement';
export { useRoleManagement } from './useRoleManagement';
export type { RoleManagementOptions, RoleManagementController, ListState } from './useRoleManagement';
