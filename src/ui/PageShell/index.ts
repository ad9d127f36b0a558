export { PageShell } from './PageShell';
export type { PageShellProps } from './PageShell';
