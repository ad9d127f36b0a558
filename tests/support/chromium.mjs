// Finds (or, as root on Debian, installs) a system Chromium and launches it through playwright-core.
// npm packages cannot download a browser on our machines, so every browser test goes through here.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/** Arguments that keep headless Chromium quiet and offline apart from the pages we open. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
  }
  return CANDIDATES.find(isExecutable);
}

/**
 * Returns the path of a Chromium executable: $CHROMIUM_PATH, or a system install. When none is found and we run as
 * root on Debian/Ubuntu, installs the `chromium` package with apt-get (about 30 s); otherwise throws an Error whose
 * message says what to install.
 * @returns {string}
 */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log('Chromium not found; installing it with apt-get (chromium)…');
    const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findChromium();
    if (install.status === 0 && installed) return installed;
    throw new Error('Installing Chromium with `apt-get install -y chromium` failed; see the output above.');
  }

  throw new Error(
    [
      'No Chromium found (looked at $CHROMIUM_PATH and ' + CANDIDATES.join(', ') + ').',
      'Install one, then run again:',
      '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium',
      '  Fedora:         sudo dnf install -y chromium',
      '  macOS:          brew install --cask chromium   (then export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium)',
      'or point CHROMIUM_PATH at any Chrome/Chromium executable.',
    ].join('\n'),
  );
}

/**
 * Launches headless Chromium (a fresh temporary profile each time) with {@link CHROMIUM_ARGS}.
 * @param {import('playwright-core').LaunchOptions} [options] extra launch options; `args` are appended.
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(options = {}) {
  const { args = [], ...rest } = options;
  return chromium.launch({
    executablePath: ensureChromium(),
    ...rest,
    args: [...CHROMIUM_ARGS, ...args],
  });
}
