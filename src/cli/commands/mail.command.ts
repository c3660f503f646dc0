import { parseArgs } from 'node:util';
import { isUuid } from '../../lib/uuid.js';
import {
  MAIL_STATES,
  mailLogPage,
  retryMail,
  type MailLogEntry,
} from '../../modules/mail/mail-log.service.js';
import type { CliCommand } from '../cli-command.js';

const COLUMNS = ['id', 'created', 'kind', 'to', 'state', 'tries', 'last answer'] as const;

/** The mail log as a table: one line per message, its columns aligned (the last answer last, as long as it is). */
function logTable(entries: readonly MailLogEntry[]): string {
  if (entries.length === 0) return '(none)';
  const rows = entries.map((entry) => [
    entry.id,
    entry.created_at,
    entry.kind,
    entry.to,
    entry.state,
    String(entry.attempts),
    (entry.last_answer ?? '-').replace(/\s+/g, ' '),
  ]);
  const widths = COLUMNS.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => row[index]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index]!))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS), ...rows.map(line)].join('\n');
}

/** `avs mail list [--state S] [--to ADDRESS] [--limit N] [--json]`: the mail log, newest first, never a body. */
export const mailListCommand: CliCommand = {
  usage: '[--state pending|sent|failed] [--to ADDRESS] [--limit N] [--json]',
  summary: 'The mail log, newest first: to, kind, state, tries, last SMTP answer (never a body)',
  database: 'yes',
  async run(args, context) {
    let values: { state?: string; to?: string; limit?: string; json?: boolean };
    try {
      ({ values } = parseArgs({
        args,
        options: {
          state: { type: 'string' },
          to: { type: 'string' },
          limit: { type: 'string' },
          json: { type: 'boolean' },
        },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      context.io.stderr.write(`avs mail list: ${(error as Error).message}\n`);
      return 2;
    }
    const state = MAIL_STATES.find((one) => one === values.state);
    if (values.state !== undefined && !state) {
      context.io.stderr.write('avs mail list: --state must be pending, sent or failed.\n');
      return 2;
    }
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!/^\d+$/.test(values.limit ?? '50') || limit < 1 || limit > 1000) {
      context.io.stderr.write('avs mail list: --limit must be an integer from 1 to 1000.\n');
      return 2;
    }
    const to = values.to?.trim() || undefined;
    const page = await context.withDatabase((db) => mailLogPage(db, { state, to, limit }));
    context.print(values.json, { data: page.data, has_more: page.has_more }, logTable(page.data));
    return 0;
  },
};

/** `avs mail retry ID [--json]`: a failed message pending again, sent as soon as a worker looks. */
export const mailRetryCommand: CliCommand = {
  usage: 'ID [--json]',
  summary: 'Make a failed message pending again (it is sent with its own Message-ID)',
  database: 'yes',
  async run(args, context) {
    let values: { json?: boolean };
    let positionals: string[];
    try {
      ({ values, positionals } = parseArgs({
        args,
        options: { json: { type: 'boolean' } },
        strict: true,
        allowPositionals: true,
      }));
    } catch (error) {
      context.io.stderr.write(`avs mail retry: ${(error as Error).message}\n`);
      return 2;
    }
    const [id] = positionals;
    if (positionals.length !== 1 || !isUuid(id!)) {
      context.io.stderr.write(`avs mail retry: usage: avs mail retry ${mailRetryCommand.usage}\n`);
      return 2;
    }
    const entry = await context.withDatabase((db) => retryMail(db, id!));
    if (!entry) {
      context.io.stderr.write(
        `avs mail retry: no failed message ${id} with a body to send (it is unknown, not failed, or carried a one-time link).\n`,
      );
      return 1;
    }
    context.print(values.json, entry, `Message ${entry.id} to ${entry.to} is pending again.`);
    return 0;
  },
};
