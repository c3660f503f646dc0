import { createPublicKey } from 'node:crypto';
import { rawPublicKeyOfKeyObject } from '../../modules/signing/multikey.js';
import { witnessVerifierKey } from '../../modules/tlog/cosignature.js';
import { createWitnessIdentity, WitnessDirectoryError } from '../../modules/witness/witness-files.js';
import { serveWitness } from '../../modules/witness/witness-server.js';
import type { CliCommand } from '../cli-command.js';
import { CommandFailure, commandOptions, CommandUsageError } from '../command-arguments.js';

/** `avs witness init --dir DIR --name NAME [--json]`: a new witness key in its own directory; prints its vkey. */
export const witnessInitCommand: CliCommand = {
  usage: '--dir DIR --name NAME [--json]',
  summary: 'Make a transparency-log witness: its Ed25519 key in DIR; prints {name, vkey}',
  database: 'no',
  async run(args, context) {
    const values = commandOptions(args, { dir: String, name: String, json: Boolean });
    const { dir, name } = values;
    if (!dir || !name) throw new CommandUsageError('--dir and --name are required');
    if (/[\s+]/.test(name)) throw new CommandUsageError('--name must not hold spaces or "+"');
    try {
      const identity = await createWitnessIdentity(dir, name);
      const raw = rawPublicKeyOfKeyObject(createPublicKey(identity.privateKey));
      const vkey = witnessVerifierKey(identity.name, raw);
      context.print(values.json, { name: identity.name, vkey }, vkey);
      return 0;
    } catch (error) {
      if (!(error instanceof WitnessDirectoryError)) throw error;
      throw new CommandFailure(error.message);
    }
  },
};

/** `avs witness serve --dir DIR --port P --log VKEY…`: serves the witness until SIGTERM. */
export const witnessServeCommand: CliCommand = {
  usage: '--dir DIR --port P [--host H] --log VKEY [--log VKEY…]',
  summary: 'Serve a witness (C2SP tlog-witness) for the logs named by their vkeys, until SIGTERM',
  database: 'no',
  async run(args, context) {
    const values = commandOptions(args, { dir: String, port: String, host: String, log: [String] });
    const { dir, port, log } = values;
    if (!dir || port === undefined || !log?.length)
      throw new CommandUsageError('--dir, --port and at least one --log are required');
    if (!/^\d+$/.test(port) || Number(port) > 65535)
      throw new CommandUsageError('--port must be an integer from 0 to 65535');
    let running;
    try {
      running = await serveWitness({
        dir,
        logVkeys: log,
        port: Number(port),
        host: values.host,
      });
    } catch (error) {
      throw new CommandFailure((error as Error).message);
    }
    context.io.stdout.write(
      `${JSON.stringify({ name: running.witness.name, vkey: running.witness.vkey, url: running.url })}\n`,
    );
    const shutdown = () => void running.close().then(() => process.exit(0));
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
    return -1;
  },
};
