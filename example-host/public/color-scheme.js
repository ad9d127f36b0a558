// Sets the colour scheme on <html> before the app's scripts load, so a dark system never sees a light page first.
// The logic of Mantine's ColorSchemeScript for the host's settings (example-host/src/colorScheme.ts: default 'auto',
// storage key 'mantine-color-scheme-value'); a file, not an inline script, because the host's CSP allows only
// scripts from its own origin. tests/host/colorScheme.test.tsx checks it agrees with Mantine's script.
try {
  var stored = window.localStorage.getItem('mantine-color-scheme-value');
  var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
  var computed =
    scheme !== 'auto' ? scheme : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', computed);
} catch {
  // No storage or no matchMedia: MantineProvider sets the scheme once the app loads.
}
