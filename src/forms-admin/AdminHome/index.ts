export { AdminDashboard, AdminDashboardView } from './AdminDashboard';
export type {
  AdminDashboardFactory,
  AdminDashboardProps,
  AdminDashboardStylesNames,
  AdminDashboardViewFactory,
  AdminDashboardViewProps,
} from './AdminDashboard';
export {
  DASHBOARD_DAYS,
  DASHBOARD_LIST_SIZE,
  DASHBOARD_STATUSES,
  DASHBOARD_TILE_CLAIMS,
  DASHBOARD_WAITING_STATUSES,
  useAdminDashboard,
} from './useAdminDashboard';
export type {
  AdminDashboardController,
  AdminDashboardOptions,
  DashboardAttention,
  DashboardInstance,
  DashboardTile,
  DashboardTileState,
  StatusCount,
} from './useAdminDashboard';
