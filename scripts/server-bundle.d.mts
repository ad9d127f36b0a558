/** Bundles the reference backend's `entryPoints` into `outDir` with the example application model beside them. */
export function bundleBackend(root: string, outDir: string, entryPoints: Record<string, string>): Promise<void>;
