import { Writable } from 'node:stream';
import type { ConfigOverrides } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import { runCli, sharedDatabase } from '../../src/cli/cli-runner.js';
import { openOutputFile } from '../../src/cli/output-file.js';
import type { CliResult } from './processes.js';
import { testConfig } from './test-app.js';

function collector(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { stream, text: () => text };
}

const noDatabase = async <T>(_fn: (db: Database) => Promise<T>): Promise<T> => {
  throw new Error('runAvsInProcess: this command needs a database; pass { db }');
};

/**
 * Runs `avs <args>` in this process through runCli, the function the `avs` binary calls, on the test's open
 * database (if the command needs one): the command's own behaviour, without booting Node and the database for
 * each call. What only the binary does (environment, exit code, process stdin) stays tested by spawning it.
 */
export async function runAvsInProcess(
  args: string[],
  options: { db?: Database; input?: string; config?: ConfigOverrides } = {},
): Promise<CliResult> {
  const stdout = collector();
  const stderr = collector();
  const io: CliIo = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    readStdin: async () => Buffer.from(options.input ?? ''),
    createOutputFile: (file, fileOptions) => openOutputFile(file, fileOptions),
  };
  const code = await runCli(args, {
    config: testConfig(options.config),
    io,
    database: options.db ? sharedDatabase(options.db) : noDatabase,
    migrate: () => (options.db ? migrate(options.db) : noDatabase(migrate)),
  });
  return { code, signal: null, stdout: stdout.text(), stderr: stderr.text() };
}
