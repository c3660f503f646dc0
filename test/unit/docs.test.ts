import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDefinitions } from '../../src/config.js';
import { errorCatalogue } from '../../src/errors/error-catalogue.js';
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

  it('documents every error code with its status in docs/errors.md, and no code the service lacks', () => {
    const errorsDoc = readFileSync(path.join(packageRoot, 'docs', 'errors.md'), 'utf8');
    const documented = new Map(
      [...errorsDoc.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((match) => [
        match[1]!,
        Number(match[2]),
      ]),
    );
    const catalogue = new Map(Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.status]));
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(catalogue));
  });

  it("shows each code's default message in docs/errors.md as the catalogue has it", () => {
    const errorsDoc = readFileSync(path.join(packageRoot, 'docs', 'errors.md'), 'utf8');
    const documented = Object.fromEntries(
      [...errorsDoc.matchAll(/^\| `([a-z_]+)` \| \d{3} \| ([^|]+) \|/gm)].map((match) => [
        match[1]!,
        match[2]!.trim(),
      ]),
    );
    const catalogue = Object.fromEntries(
      Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.message]),
    );
    expect(documented).toEqual(catalogue);
  });
});
