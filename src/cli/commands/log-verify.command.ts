import { readFile, rename, writeFile } from 'node:fs/promises';
import { publicBaseUrl } from '../../modules/signing/issuer-identity.js';
import { parseWitnessKey } from '../../modules/tlog/cosignature.js';
import { LogVerificationError, verifyLog, type MonitorState } from '../../modules/tlog/tlog-monitor.js';
import type { CliCommand } from '../cli-command.js';
import { commandOptions, CommandUsageError } from '../command-arguments.js';

const FETCH_TIMEOUT_MS = 30_000;

async function fetchBytes(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new LogVerificationError(`Cannot fetch ${url}: ${(error as Error).message}.`);
  }
  if (!response.ok) throw new LogVerificationError(`${url} answered HTTP ${response.status}.`);
  return Buffer.from(await response.arrayBuffer());
}

async function readState(file: string): Promise<MonitorState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CommandUsageError(`cannot read the state file ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as MonitorState;
  } catch {
    throw new CommandUsageError(`the state file ${file} is not JSON`);
  }
}

/** The --witness keys and --quorum (default: all of them); a usage error for a key that is not one or a quorum past them. */
function witnessesOf(vkeys: readonly string[], quorum: string | undefined) {
  const witnesses = vkeys.map((vkey) => {
    const key = parseWitnessKey(vkey);
    if (!key) throw new CommandUsageError(`--witness ${vkey} is not a cosignature/v1 verifier key`);
    return key;
  });
  if (quorum !== undefined && (!/^\d+$/.test(quorum) || Number(quorum) > witnesses.length))
    throw new CommandUsageError(
      `--quorum must be an integer from 0 to the number of --witness keys (${witnesses.length})`,
    );
  return { witnesses, quorum: quorum === undefined ? witnesses.length : Number(quorum) };
}

const LOG_VERIFY_OPTIONS = {
  url: String,
  vkey: String,
  state: String,
  witness: [String],
  quorum: String,
  json: Boolean,
} as const;

/**
 * `avs log verify [--url PREFIX] [--vkey KEY] [--state FILE] [--witness VKEY…] [--quorum N] [--json]`: monitors
 * the transparency log over HTTP, with no database. With --witness, the checkpoint must carry N valid
 * cosignatures of those witnesses (N: --quorum, default all). Saves the verified checkpoint to the state file
 * only when everything holds. Exit 0 when the log verifies, 1 with one sentence when it does not, 2 for bad arguments.
 */
export const logVerifyCommand: CliCommand = {
  usage: '[--url PREFIX] [--vkey KEY] [--state FILE] [--witness VKEY…] [--quorum N] [--json]',
  summary: 'Monitor the transparency log: signature, tree, consistency with the saved checkpoint, chains',
  database: 'no',
  async run(args, context) {
    const values = commandOptions(args, LOG_VERIFY_OPTIONS);
    const json = values.json;
    try {
      const { witnesses, quorum } = witnessesOf(values.witness ?? [], values.quorum);
      const prefix = (values.url ?? `${publicBaseUrl(context.config)}/tlog`).replace(/\/+$/, '');
      const previous = values.state ? await readState(values.state) : undefined;
      // The key: as given, else the one the state file has trusted since its first run, else the log's own.
      const vkey =
        values.vkey ?? previous?.vkey ?? (await fetchBytes(`${prefix}/vkey`)).toString('utf8').trim();
      if (previous && previous.vkey !== vkey)
        throw new LogVerificationError('The verifier key is not the one the state file trusts.');
      const result = await verifyLog({ prefix, vkey, previous, witnesses, quorum, fetchBytes });
      if (values.state) {
        const temporary = `${values.state}.tmp`;
        await writeFile(temporary, `${JSON.stringify(result.state, null, 2)}\n`);
        await rename(temporary, values.state);
      }
      const consistent =
        result.previous_size === null
          ? ''
          : `, consistent with the saved checkpoint of size ${result.previous_size}`;
      const cosigned =
        witnesses.length === 0
          ? ''
          : `; cosigned by ${result.cosigners.map((cosigner) => cosigner.name).join(', ')}`;
      context.print(
        json,
        { ok: true, ...result, state: undefined },
        `OK: ${result.origin} at size ${result.size} (root ${result.root_hash})${consistent}; ${result.assets} assets' entries chain${cosigned}.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof LogVerificationError)) throw error;
      if (json) context.io.stdout.write(`${JSON.stringify({ ok: false, error: error.message })}\n`);
      else context.io.stderr.write(`FAILED: ${error.message}\n`);
      return 1;
    }
  },
};
