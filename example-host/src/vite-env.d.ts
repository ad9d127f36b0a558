/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the backend when it is not the page's own origin (e.g. `http://127.0.0.1:4000`). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
