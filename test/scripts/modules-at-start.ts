// Run in a child process by test/unit/modules-at-start.test.ts (a test file shares its process with others): which
// heavy packages the server's module graph loads when imported, and which it loads on first use.
import { createRequire } from 'node:module';
import { loadExcelJs, loadMailParser, loadSharp } from '../../src/lib/lazy-modules.js';

const require = createRequire(import.meta.url);
const LAZY_PACKAGES = ['exceljs', 'mailparser', 'sharp'];

/** The packages among LAZY_PACKAGES with a CommonJS module loaded in this process. */
function loadedPackages(): string[] {
  const paths = Object.keys(require.cache);
  return LAZY_PACKAGES.filter((name) => paths.some((file) => file.includes(`/node_modules/${name}/`)));
}

await import('../../src/app.js');
const atStart = loadedPackages();
await Promise.all([loadExcelJs(), loadMailParser(), loadSharp()]);
console.log(JSON.stringify({ atStart, afterFirstUse: loadedPackages() }));
