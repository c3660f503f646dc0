import { createPublicKey } from 'node:crypto';
import { parseArgs } from 'node:util';
import { rawPublicKeyOfKeyObject } from '../../modules/signing/multikey.js';
import { witnessVerifierKey } from '../../modules/tlog/cosignature.js';
import { createWitnessIdentity, WitnessDirectoryError } from '../../modules/witness/witness-files.js';
import { serveWitness } from '../../modules/witness/witness-server.js';
import type { CliCommand } from '../cli-command.js';

/** `avs witness init --dir DIR --name NAME [--json]`: a new witness key in its own directory; prints its vkey. */
export const witnessInitCommand: CliCommand = {
  usage: '--dir DIR --name NAME [--json]',
  summary: 'Make a transparency-log witness: its Ed25519 key in DIR; prints {name, vkey}',
  database: 'no',
  async run(args, context) {
    let values: { dir?: string; name?: string; json?: boolean };
    try {
      values = parseArgs({
        args,
        options: { dir: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } },
        strict: true,
      }).values;
      if (!values.dir || !values.name) throw new Error('--dir and --name are required');
      if (/[\s+]/.test(values.name)) throw new Error('--name must not hold spaces or "+"');
    } catch (error) {
      context.io.stderr.write(`avs witness init: ${(error as Error).message}\n`);
      return 2;
    }
    try {
      const identity = await createWitnessIdentity(values.dir, values.name);
      const raw = rawPublicKeyOfKeyObject(createPublicKey(identity.privateKey));
      const vkey = witnessVerifierKey(identity.name, raw);
      context.print(values.json, { name: identity.name, vkey }, vkey);
      return 0;
    } catch (error) {
      if (!(error instanceof WitnessDirectoryError)) throw error;
      context.io.stderr.write(`avs witness init: ${error.message}\n`);
      return 1;
    }
  },
};

/** `avs witness serve --dir DIR --port P --log VKEY…`: serves the witness until SIGTERM. */
export const witnessServeCommand: CliCommand = {
  usage: '--dir DIR --port P [--host H] --log VKEY [--log VKEY…]',
  summary: 'Serve a witness (C2SP tlog-witness) for the logs named by their vkeys, until SIGTERM',
  database: 'no',
  async run(args, context) {
    let values: { dir?: string; port?: string; host?: string; log?: string[] };
    try {
      values = parseArgs({
        args,
        options: {
          dir: { type: 'string' },
          port: { type: 'string' },
          host: { type: 'string' },
          log: { type: 'string', multiple: true },
        },
        strict: true,
      }).values;
      if (!values.dir || values.port === undefined || !values.log?.length)
        throw new Error('--dir, --port and at least one --log are required');
      if (!/^\d+$/.test(values.port) || Number(values.port) > 65535)
        throw new Error('--port must be an integer from 0 to 65535');
    } catch (error) {
      context.io.stderr.write(`avs witness serve: ${(error as Error).message}\n`);
      return 2;
    }
    let running;
    try {
      running = await serveWitness({
        dir: values.dir,
        logVkeys: values.log,
        port: Number(values.port),
        host: values.host,
      });
    } catch (error) {
      context.io.stderr.write(`avs witness serve: ${(error as Error).message}\n`);
      return 1;
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
