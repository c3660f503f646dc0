import { readFile } from 'node:fs/promises';
import { AppError } from '../../errors/error-catalogue.js';
import { isPlanetId, planetIds } from '../../planets/planets.js';
import { importForAccount } from '../../modules/inventory/imports.service.js';
import { mediaStoresFor } from '../../modules/media/media.service.js';
import { checkAgainstRouteSchema } from '../../plugins/schema-check.js';
import type { CliCommand } from '../cli-command.js';
import { commandArguments, CommandFailure, CommandUsageError } from '../command-arguments.js';

const BAR_WIDTH = 30;

/** `[#######        ] 700/1997`: a progress bar, drawn again on its own line of a terminal. */
function progressBar(done: number, total: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  return `\r[${'#'.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
}

/**
 * `avs import FILE --account ID --planet P [--dry-run] [--json]`: a spreadsheet imported for an account by the
 * operator (docs/inventory.md, "Import"), its valid rows created or updated; a progress bar on a terminal, JSON lines
 * otherwise. Exit 0 when every row was imported, 1 when some had errors or were refused.
 */
export const importCommand: CliCommand = {
  usage: 'FILE --account ID --planet P [--dry-run] [--json]',
  summary:
    'Import a CSV or XLSX spreadsheet into an account (rows checked as creates; --dry-run only checks)',
  database: 'yes',
  async run(args, context) {
    const { values, file } = readArguments(args);
    const out = context.io.stdout as NodeJS.WritableStream & { isTTY?: boolean };
    const terminal = out.isTTY === true && !values.json;
    const bytes = await readFile(file);
    try {
      const { record, errors } = await context.withDatabase((db) =>
        importForAccount(db, {
          accountId: values.account,
          planet: values.planet,
          file: { bytes, format: file.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv' },
          dryRun: values['dry-run'] ?? false,
          work: {
            check: (schema, body) => void checkAgainstRouteSchema(schema, body, 'body'),
            mediaStores: mediaStoresFor(context.config),
          },
          onProgress: ({ counts }) => {
            if (terminal) out.write(progressBar(counts.processed, counts.valid));
            else
              out.write(
                `${JSON.stringify({ event: 'progress', processed: counts.processed, valid: counts.valid })}\n`,
              );
          },
        }),
      );
      if (terminal) {
        if (record.state !== 'cancelled') out.write('\n');
        for (const error of errors)
          out.write(`row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}\n`);
        const { counts } = record;
        out.write(
          `${record.state === 'cancelled' ? 'Checked (dry run)' : 'Imported'}: ${counts.rows} rows, ${counts.valid} valid, ${counts.errors} with errors, ${counts.refused} refused; ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged.\n`,
        );
      } else {
        for (const error of errors) out.write(`${JSON.stringify({ event: 'error', ...error })}\n`);
        out.write(`${JSON.stringify({ event: 'done', import: record })}\n`);
      }
      return record.counts.errors > 0 || record.counts.refused > 0 ? 1 : 0;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new CommandFailure(error.message);
    }
  },
};

/** FILE and the options, each a CommandUsageError (exit 2) when missing or wrong. */
function readArguments(args: string[]) {
  const { values, positionals } = commandArguments(args, {
    account: String,
    planet: String,
    'dry-run': Boolean,
    json: Boolean,
  });
  if (positionals.length !== 1) throw new CommandUsageError('expected one argument, the spreadsheet FILE');
  if (!values.account) throw new CommandUsageError('--account is required');
  if (!isPlanetId(values.planet))
    throw new CommandUsageError(`--planet must be one of ${planetIds.join(', ')}`);
  return { file: positionals[0]!, values: { ...values, account: values.account, planet: values.planet } };
}
