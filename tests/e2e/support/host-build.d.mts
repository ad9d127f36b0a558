/** What `vite build -c example-host/vite.config.ts` reads, relative to the repository root. */
export declare const HOST_SOURCES: readonly string[];
/** The built page: vite writes it last of the host's own files. */
export declare const HOST_BUILT: string;
/** True when `example-host/dist` exists and is newer than every file it is built from. */
export declare function hostBuildIsCurrent(root: string): boolean;
