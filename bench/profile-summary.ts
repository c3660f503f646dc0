// Summarises a V8 CPU profile (a `.cpuprofile` from `BENCH_CPU_PROFILE_DIR`, i.e. `node --cpu-prof`) for
// docs/performance.md: where the busy time went, by package and by function, idle time left out.
// `npm run bench:profile -- [--after=SECONDS] <file.cpuprofile> [more…]` (docs/performance.md, "Profiles"):
// --after leaves out the first seconds of each profile (a server's start, before the load or the idle window).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatTable } from './report.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** V8's pseudo-frames that are not work: the thread waiting for its event loop. */
const IDLE_FRAMES = new Set(['(idle)']);

/** Where a frame's code lives: a package under node_modules, Node's own library, the service's code, or V8's. */
function packageOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const source = url.indexOf('/dist/src/');
  if (source >= 0)
    return `avs ${url
      .slice(source + '/dist/src/'.length)
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  return path.basename(url);
}

/** Self time in milliseconds per package and per function, and the total busy (non-idle) time. */
function summariseProfile(
  profile: CpuProfile,
  afterMs: number,
): {
  busyMs: number;
  totalMs: number;
  byPackage: Map<string, number>;
  byFunction: Map<string, number>;
} {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busyMs = 0;
  let totalMs = 0;
  let elapsedMs = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    elapsedMs += ms;
    if (elapsedMs < afterMs) return;
    totalMs += ms;
    const frame = nodes.get(id)!.callFrame;
    if (IDLE_FRAMES.has(frame.functionName)) return;
    busyMs += ms;
    const where = packageOf(frame.url, frame.functionName);
    byPackage.set(where, (byPackage.get(where) ?? 0) + ms);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(`${where} · ${name.trim()}`, (byFunction.get(`${where} · ${name.trim()}`) ?? 0) + ms);
  });
  return { busyMs, totalMs, byPackage, byFunction };
}

function top(entries: Map<string, number>, busyMs: number, count: number): string[][] {
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => [name, ms.toFixed(0), `${((ms / busyMs) * 100).toFixed(1)} %`]);
}

function main(args: readonly string[]): void {
  const after = args.find((arg) => arg.startsWith('--after='));
  const afterMs = after ? Number(after.slice('--after='.length)) * 1000 : 0;
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length === 0 || Number.isNaN(afterMs))
    throw new Error('usage: npm run bench:profile -- [--after=SECONDS] <file.cpuprofile> [more…]');
  for (const file of files) {
    const summary = summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, afterMs);
    console.log(
      `${file}: ${(summary.totalMs / 1000).toFixed(1)} s profiled, ${(summary.busyMs / 1000).toFixed(1)} s busy ` +
        `(${((summary.busyMs / summary.totalMs) * 100).toFixed(0)} %)\n`,
    );
    console.log(formatTable(['package', 'self ms', 'of busy'], top(summary.byPackage, summary.busyMs, 15)));
    console.log('');
    console.log(formatTable(['function', 'self ms', 'of busy'], top(summary.byFunction, summary.busyMs, 25)));
    console.log('');
  }
}

main(process.argv.slice(2));
