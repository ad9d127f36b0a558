export { AuthProvider, useAuth, AuthContext } from './AuthProvider';
export type { AuthProviderProps, AuthContextValue, AuthUser, AuthError, AuthErrorSource } from './AuthProvider';
export { AuthenticatedAPIProvider } from './AuthenticatedAPIProvider';
export type { AuthenticatedAPIProviderProps } from './AuthenticatedAPIProvider';
export { LoginCallback } from './LoginCallback';
export type { LoginCallbackProps } from './LoginCallback';
export { RequireAuth } from './RequireAuth';
export type { RequireAuthProps } from './RequireAuth';
export { RequireAdmin } from './RequireAdmin';
export type { RequireAdminProps } from './RequireAdmin';
export { safeReturnPath, returnPathFromState } from './returnPath';
export type { SignInState } from './returnPath';
export {
  createUserManagerSettings,
  BASE_SCOPES,
  ACCESS_TOKEN_EXPIRING_NOTIFICATION_SECONDS,
  SILENT_REQUEST_TIMEOUT_SECONDS,
} from './settings';
export type { AuthConfig } from './settings';
