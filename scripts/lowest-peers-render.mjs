// Runs inside the scratch host of scripts/check-pack.mjs that installed the packed tarball with the LOWEST version of
// every peer range: renders the form renderer with react-dom/server, and the Role Management screen in jsdom against
// the package's own fake backend (MSW), waiting for its data. Exits non-zero on any failure.
// Usage: node lowest-peers-render.mjs <path of a folder whose node_modules has jsdom>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const jsdomHome = process.argv[2];
if (!jsdomHome) throw new Error('usage: node lowest-peers-render.mjs <folder with jsdom in node_modules>');
const { JSDOM } = createRequire(join(jsdomHome, 'package.json'))('jsdom');

// A browser-like global scope before React DOM and Mantine load (Mantine needs matchMedia, ResizeObserver, fonts).
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
const { window } = dom;
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis)) {
    try {
      globalThis[key] = window[key];
    } catch {
      // a read-only global of Node's own
    }
  }
}
globalThis.window = window;
globalThis.document = window.document;
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
window.matchMedia = (query) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false });
window.ResizeObserver = globalThis.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
Object.defineProperty(window.document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};

const React = await import('react');
const { renderToString } = await import('react-dom/server');
const { createRoot } = await import('react-dom/client');
const { MantineProvider } = await import('@mantine/core');
const { ModalsProvider } = await import('@mantine/modals');
const { QueryClient } = await import('@tanstack/react-query');
const { setupServer } = await import('msw/node');
const { APIProvider, ccqTheme, FormRenderer, RoleManagement } = await import('@ccq/forms-admin');
const { createFakeBackend } = await import('@ccq/forms-admin/testing');
const h = React.createElement;

const versions = Object.fromEntries(
  ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/modals', '@mantine/notifications', '@tanstack/react-query', 'oidc-client-ts', 'msw'].map((name) => [
    name,
    JSON.parse(readFileSync(join(process.cwd(), 'node_modules', name, 'package.json'), 'utf8')).version,
  ]),
);
console.log(`peers: ${Object.entries(versions).map(([n, v]) => `${n}@${v}`).join(' ')}`);

// 1. Server rendering of a form.
const schema = {
  formSchemaId: '00000000-0000-4000-8000-000000000001',
  formId: '00000000-0000-4000-8000-000000000002',
  name: 'Contact',
  version: 1,
  isPublic: true,
  isDeleted: false,
  jsonSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 }, message: { type: 'string' } },
    required: ['name'],
  },
  layout: {
    pages: [
      {
        id: 'p',
        title: 'Contact us',
        sections: [
          {
            id: 's',
            title: 'How can we help?',
            fields: [
              { id: 'name', path: '/name', widget: 'text', label: 'Your name' },
              { id: 'message', path: '/message', widget: 'textarea', label: 'Message' },
            ],
          },
        ],
      },
    ],
  },
};
const html = renderToString(h(MantineProvider, { theme: ccqTheme }, h(FormRenderer, { schema })));
for (const text of ['aria-label="Contact"', 'How can we help?', 'Your name', 'Message']) {
  if (!html.includes(text)) throw new Error(`server-rendered form lacks '${text}'`);
}
console.log(`server-rendered FormRenderer: ${html.length} characters of HTML`);

// 2. The Role Management screen in jsdom, its data from the package's fake backend through MSW.
const base = 'http://api.test';
const backend = createFakeBackend();
const server = setupServer(...backend.handlers(base));
server.listen({ onUnhandledRequest: 'error' });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
const root = createRoot(document.getElementById('root'));
await React.act(async () => {
  root.render(
    h(MantineProvider, { theme: ccqTheme, env: 'test' }, h(ModalsProvider, null, h(APIProvider, { baseUrl: base, queryClient, clientOptions: { retry: { retries: 0 } } }, h(RoleManagement)))),
  );
});
const deadline = Date.now() + 15_000;
const ready = () => document.querySelector('[role="combobox"]') !== null && backend.requests.some((r) => r.path.includes('GetMyClaims'));
while (!ready() && Date.now() < deadline) {
  await React.act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}
const text = document.body.textContent ?? '';
try {
  if (!text.includes('Role Management')) throw new Error("the Role Management screen shows no 'Role Management' heading");
  if (!ready()) throw new Error(`the Role Management screen did not load its data in 15 s; calls: ${backend.requests.map((r) => r.path).join(', ')}`);
  if (/Failed to load/.test(text)) throw new Error(`the Role Management screen shows an error: ${text.slice(0, 300)}`);
  console.log(`Role Management rendered in jsdom after ${backend.requests.length} calls to the fake backend`);
} finally {
  await React.act(async () => root.unmount());
  server.close();
}
console.log('lowest peers ok');
process.exit(0);
