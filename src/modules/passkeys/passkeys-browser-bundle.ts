import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The browser half of @simplewebauthn/browser as one UMD file (global `SimpleWebAuthnBrowser`), for the
 * console to serve as a static file. Resolved through the package, wherever npm placed it.
 */
export const passkeyBrowserBundlePath = path.join(
  path.dirname(require.resolve('@simplewebauthn/browser')),
  '..',
  'dist',
  'bundle',
  'index.umd.min.js',
);
