import type { Measurement } from './load.js';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function optionalMedian(
  name: 'cpuMsPer1000' | 'writesPerRequest' | 'loaderCpuMsPer1000',
  rounds: readonly Measurement[],
): Partial<Measurement> {
  const values = rounds.map((round) => round[name]).filter((value) => value !== undefined);
  return values.length === rounds.length && values.length > 0 ? { [name]: median(values) } : {};
}

/** The median of each figure over the rounds (errors and non-2xx are summed: any is worth seeing). */
export function summarise(rounds: readonly Measurement[]): Measurement {
  return {
    requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    total: rounds.reduce((sum, round) => sum + round.total, 0),
    ...optionalMedian('cpuMsPer1000', rounds),
    ...optionalMedian('writesPerRequest', rounds),
    ...optionalMedian('loaderCpuMsPer1000', rounds),
  };
}

export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function measurementRow(name: string, summary: Measurement): string[] {
  return [
    name,
    summary.requestsPerSecond.toFixed(0),
    summary.p50Ms.toFixed(1),
    summary.p99Ms.toFixed(1),
    String(summary.errors),
    String(summary.non2xx),
    summary.cpuMsPer1000 === undefined ? '—' : summary.cpuMsPer1000.toFixed(0),
    summary.writesPerRequest === undefined ? '—' : summary.writesPerRequest.toFixed(2),
  ];
}

export const MEASUREMENT_HEADER = [
  'scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'non-2xx',
  'CPU ms/1k req',
  'writes/req',
];

/** A scenario measured in rounds: `connections` overrides the run's own. */
export interface RoundScenario {
  name: string;
  connections?: number;
  measure: (seconds: number, connections: number) => Promise<Measurement>;
}

/**
 * Warms every scenario up, then measures them round by round, printing each round and then the table of the
 * medians. Even rounds run last to first, so that no scenario always follows the same one and pays for what that
 * one left behind (docs/performance.md, "Witnesses").
 */
export async function measureInRounds(
  scenarios: readonly RoundScenario[],
  settings: { rounds: number; seconds: number; warmupSeconds: number; connections: number },
): Promise<{ rounds: Map<string, Measurement[]>; summaries: Map<string, Measurement> }> {
  const connectionsOf = (scenario: RoundScenario) => scenario.connections ?? settings.connections;
  if (settings.warmupSeconds > 0) {
    console.log('Warming up…');
    for (const scenario of scenarios) await scenario.measure(settings.warmupSeconds, connectionsOf(scenario));
  }
  const rounds = new Map<string, Measurement[]>(scenarios.map((scenario) => [scenario.name, []]));
  for (let round = 1; round <= settings.rounds; round++) {
    for (const scenario of round % 2 === 0 ? [...scenarios].reverse() : scenarios) {
      const measurement = await scenario.measure(settings.seconds, connectionsOf(scenario));
      rounds.get(scenario.name)!.push(measurement);
      console.log(
        `round ${round}/${settings.rounds} ${scenario.name}: ${measurement.requestsPerSecond.toFixed(0)} req/s, ` +
          `p99 ${measurement.p99Ms.toFixed(1)} ms`,
      );
    }
  }
  const summaries = new Map([...rounds].map(([name, measured]) => [name, summarise(measured)]));
  console.log('');
  console.log(
    formatTable(
      MEASUREMENT_HEADER,
      [...summaries].map(([name, summary]) => measurementRow(name, summary)),
    ),
  );
  return { rounds, summaries };
}
