import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The oldest release of each Node.js line the service supports (README "Run it"); CI runs the suite on 20, 22 and 24.
const supportedNodeReleases = ['20.19.0', '22.13.0', '24.0.0'];

const root = join(import.meta.dirname, '..', '..');

interface PackageJson {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function readPackageJson(folder: string): PackageJson {
  return JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as PackageJson;
}

/** Every package npm installed, as the lock file lists it and found on disk (optional ones for other platforms are not). */
function installedPackageFolders(): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  return Object.keys(lock.packages).filter(
    (folder) => folder.includes('node_modules/') && existsSync(join(root, folder, 'package.json')),
  );
}

function refusedReleases(range: string): string[] {
  return supportedNodeReleases.filter(
    (release) => !semver.satisfies(release, range, { includePrerelease: true }),
  );
}

describe('the Node.js versions the service supports', () => {
  it('every installed package declares an engines.node that accepts Node.js 20, 22 and 24', () => {
    const folders = installedPackageFolders();
    expect(folders.length).toBeGreaterThan(100);
    const refusing = folders.flatMap((folder) => {
      const range = readPackageJson(folder).engines?.node;
      if (range === undefined) return [];
      const refused = refusedReleases(range);
      return refused.length === 0
        ? []
        : [`${folder} (engines.node "${range}") refuses ${refused.join(', ')}`];
    });
    expect(refusing).toEqual([]);
  });

  it('the service and the SDK promise the same versions', () => {
    for (const folder of ['.', 'sdk']) {
      const range = readPackageJson(folder).engines?.node ?? '';
      expect(refusedReleases(range), `${folder}/package.json engines.node "${range}"`).toEqual([]);
      // Below the oldest supported 20.x some dependencies refuse to run: the promise must not reach there.
      expect(semver.satisfies('20.18.0', range), `${folder}/package.json engines.node "${range}"`).toBe(
        false,
      );
    }
  });

  it('refuses a range that leaves Node.js 20 out, as cookie@2 and content-disposition@3 declare', () => {
    expect(refusedReleases('>=22')).toEqual(['20.19.0']);
  });
});
