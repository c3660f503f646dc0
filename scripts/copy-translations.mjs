// The translations are JSON beside each text tree (src/**/text/<lang>/*.json); the build runs from dist, so they are
// copied beside the compiled trees (docs/languages.md).
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
for (const file of readdirSync(path.join(root, 'src'), { recursive: true }).map(String)) {
  if (/(^|\/)text\/(fr|de|it|ja)\/[^/]+\.json$/.test(file))
    cpSync(path.join(root, 'src', file), path.join(root, 'dist', 'src', file));
}
