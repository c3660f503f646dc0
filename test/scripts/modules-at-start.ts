// Run in a child process by test/unit/modules-at-start.test.ts (a test file shares its process with others): which
// heavy packages the server's module graph loads when imported, and which it loads on first use.
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

// Most of these packages are loaded as ES modules, which require.cache does not list: a resolve hook (in its own
// thread) sends every address Node resolves on a port, and answers "flush" once all it resolved before is sent.
const HOOKS = `
let port;
export function initialize(data) {
  port = data.port;
  port.on('message', () => port.postMessage({ flushed: true }));
  port.unref();
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage({ url: result.url });
  return result;
}
`;
const { port1, port2 } = new MessageChannel();
const esModules: string[] = [];
let flushed: (() => void) | undefined;
port1.on('message', (message: { url?: string; flushed?: true }) => {
  if (message.url) esModules.push(decodeURIComponent(message.url));
  if (message.flushed) flushed?.();
});
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, {
  data: { port: port2 },
  transferList: [port2],
});

const require = createRequire(import.meta.url);
const LAZY_PACKAGES = [
  '@simplewebauthn/server',
  '@zxcvbn-ts/language-common',
  'exceljs',
  'fontkit',
  'mailparser',
  'nodemailer',
  'pdfkit',
  'sharp',
];

/** The packages among LAZY_PACKAGES with a module loaded in this process, CommonJS or ES. */
async function loadedPackages(): Promise<string[]> {
  await new Promise<void>((resolve) => {
    flushed = resolve;
    port1.postMessage('flush');
  });
  const files = [...Object.keys(require.cache), ...esModules];
  return LAZY_PACKAGES.filter((name) => files.some((file) => file.includes(`/node_modules/${name}/`)));
}

await import('../../src/app.js');
const atStart = await loadedPackages();
const lazy = await import('../../src/lib/lazy-modules.js');
await Promise.all([
  lazy.loadExcelJs(),
  lazy.loadMailParser(),
  lazy.loadSharp(),
  lazy.loadPdfKit(),
  lazy.loadFontkit(),
  lazy.loadNodemailer(),
  lazy.loadCommonPasswords(),
  lazy.loadSimpleWebAuthn(),
]);
console.log(JSON.stringify({ atStart, afterFirstUse: await loadedPackages() }));
port1.close();
