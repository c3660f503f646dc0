import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDefinitions } from '../../src/config.js';
import { packageRoot } from '../../src/lib/package-root.js';

describe('documentation', () => {
  const readme = readFileSync(path.join(packageRoot, 'README.md'), 'utf8');

  it('lists every configuration variable in the README table', () => {
    for (const name of Object.keys(configDefinitions)) expect(readme, name).toContain(`\`${name}\``);
  });

  it('shows the two set-up commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
