import type { Browser, LaunchOptions } from 'playwright-core';

/** The flags Chromium needs on these machines (closed network, root, no GPU). */
export const CHROMIUM_ARGS: readonly string[];
/** The path of Debian's Chromium, installing it when run as root on Debian; exits with a clear message otherwise. */
export function ensureChromium(): string;
/** Launches headless Chromium through playwright-core. */
export function launchChromium(options?: LaunchOptions): Promise<Browser>;
