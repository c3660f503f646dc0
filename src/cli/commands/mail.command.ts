import { isUuid } from '../../lib/uuid.js';
import {
  MAIL_STATES,
  mailLogPage,
  retryMail,
  type MailLogEntry,
} from '../../modules/mail/mail-log.service.js';
import type { CliCommand } from '../cli-command.js';
import { commandArguments, CommandFailure, commandOptions, CommandUsageError } from '../command-arguments.js';

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
    const values = commandOptions(args, { state: String, to: String, limit: String, json: Boolean });
    const state = MAIL_STATES.find((one) => one === values.state);
    if (values.state !== undefined && !state)
      throw new CommandUsageError('--state must be pending, sent or failed.');
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!/^\d+$/.test(values.limit ?? '50') || limit < 1 || limit > 1000)
      throw new CommandUsageError('--limit must be an integer from 1 to 1000.');
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
    const { values, positionals } = commandArguments(args, { json: Boolean });
    const [id] = positionals;
    if (positionals.length !== 1 || !isUuid(id!)) throw new CommandUsageError();
    const entry = await context.withDatabase((db) => retryMail(db, id!));
    if (!entry)
      throw new CommandFailure(
        `no failed message ${id} with a body to send (it is unknown, not failed, or carried a one-time link).`,
      );
    context.print(values.json, entry, `Message ${entry.id} to ${entry.to} is pending again.`);
    return 0;
  },
};
