#!/usr/bin/env node
import { ConfigError, loadConfig, type Config } from '../config.js';
import { migrate } from '../db/migrate.js';
import { compileWebAssemblyOptimisedOnly } from '../db/pglite.js';
import { startServer } from '../server.js';
import { processIo } from './cli-io.js';
import {
  commandOutputFile,
  commandUsesDatabase,
  ownDatabase,
  runCli,
  sharedDatabase,
  USAGE,
} from './cli-runner.js';
import { channelSocketPath, openLocalChannel, runThroughChannel } from './local-channel.js';

function usesEmbeddedDirectory(config: Config): boolean {
  return !config.DATABASE_URL && !config.AVS_DATA_DIR.startsWith('memory://');
}

async function serve(config: Config): Promise<void> {
  if (!config.DATABASE_URL) compileWebAssemblyOptimisedOnly();
  await startServer(config, {
    // Only the embedded database needs it: with PostgreSQL every avs process opens its own connection.
    localChannel: usesEmbeddedDirectory(config)
      ? (db) =>
          openLocalChannel(config.AVS_DATA_DIR, async (argv, io) => {
            if (commandUsesDatabase(argv) !== 'yes') {
              io.stderr.write(`avs: "${argv.slice(0, 2).join(' ')}" does not run through the server.\n`);
              return 2;
            }
            return runCli(argv, { config, io, database: sharedDatabase(db), migrate: () => migrate(db) });
          })
      : undefined,
  });
}

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`avs: ${error.message}\n`);
    return 1;
  }
  if (command === 'serve') {
    await serve(config);
    return -1;
  }
  const io = processIo();
  // A running `avs serve` holds the embedded directory: the command runs inside it, through its channel.
  if (usesEmbeddedDirectory(config) && commandUsesDatabase(argv) === 'yes') {
    const code = await runThroughChannel(channelSocketPath(config.AVS_DATA_DIR), argv, io, {
      outputFile: commandOutputFile(argv),
    });
    if (code !== undefined) return code;
  }
  return runCli(argv, {
    config,
    io,
    database: ownDatabase(config),
    migrate: () => ownDatabase(config, { migrateFirst: false })((db) => migrate(db)),
  });
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
