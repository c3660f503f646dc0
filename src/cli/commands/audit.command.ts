import { parseArgs } from 'node:util';
import { errorMessage } from '../../errors/error-catalogue.js';
import { isPlanetId, planetIds } from '../../planets/planets.js';
import { auditHistory } from '../../modules/history/history-audit.service.js';
import { recheckAllHistories } from '../../modules/history/history-recheck.service.js';
import type { CliCommand } from '../cli-command.js';

/** `avs audit [--planet P] [--json]`: exit 0 when every chain recomputes, 1 when any is broken. */
export const auditCommand: CliCommand = {
  usage: '[--planet P] [--json]',
  summary: "Recompute every asset history chain and write the long ones' checks; exit 1 listing each break",
  database: 'yes',
  async run(args, context) {
    let values: { planet?: string; json?: boolean };
    try {
      ({ values } = parseArgs({
        args,
        options: { planet: { type: 'string' }, json: { type: 'boolean' } },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      context.io.stderr.write(`avs audit: ${(error as Error).message}\n`);
      return 2;
    }
    if (values.planet !== undefined && !isPlanetId(values.planet)) {
      context.io.stderr.write(
        `avs audit: ${errorMessage('invalid_planet', 'unknown', { planet: values.planet, expected: planetIds })}\n`,
      );
      return 2;
    }
    // The audit is a full re-check too: each long history's check is written, so /verify builds on it.
    const report = await context.withDatabase(async (db) => {
      const audited = await auditHistory(db, { planet: values.planet });
      await recheckAllHistories(db, values.planet);
      return audited;
    });
    const lines = [
      `Audited ${report.assets} asset(s) and ${report.events} event(s)` +
        `${report.planet ? ` in ${report.planet}` : ''}: ${report.breaks.length} break(s).`,
      ...report.breaks.map(
        (entry) => `BROKEN ${entry.planet} ${entry.asset_id} at sequence ${entry.sequence}: ${entry.reason}`,
      ),
    ];
    context.print(values.json, report, lines.join('\n'));
    return report.intact ? 0 : 1;
  },
};
