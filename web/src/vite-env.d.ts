/// <reference types="vite/client" />

/** Id of the build this bundle belongs to (also written to dist/version.json). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Single sign-on logout address; the shell sends expired sessions there with `redirect`. Default: the own /entry page. */
  readonly VITE_SSO_LOGOUT_URL?: string;
}
