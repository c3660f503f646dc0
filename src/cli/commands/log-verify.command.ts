import { readFile, rename, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { publicBaseUrl } from '../../modules/signing/issuer-identity.js';
import { LogVerificationError, verifyLog, type MonitorState } from '../../modules/tlog/tlog-monitor.js';
import type { CliCommand } from '../cli-command.js';

const FETCH_TIMEOUT_MS = 30_000;

class BadArgument extends Error {}

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
    throw new BadArgument(`cannot read the state file ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as MonitorState;
  } catch {
    throw new BadArgument(`the state file ${file} is not JSON`);
  }
}

/**
 * `avs log verify [--url PREFIX] [--vkey KEY] [--state FILE] [--json]`: monitors the transparency log
 * over HTTP, with no database. Saves the verified checkpoint to the state file only when everything
 * holds. Exit 0 when the log verifies, 1 with one sentence when it does not, 2 for bad arguments.
 */
export const logVerifyCommand: CliCommand = {
  usage: '[--url PREFIX] [--vkey KEY] [--state FILE] [--json]',
  summary: 'Monitor the transparency log: signature, tree, consistency with the saved checkpoint, chains',
  database: 'no',
  async run(args, context) {
    let json: boolean | undefined;
    try {
      const { values } = (() => {
        try {
          return parseArgs({
            args,
            options: {
              url: { type: 'string' },
              vkey: { type: 'string' },
              state: { type: 'string' },
              json: { type: 'boolean' },
            },
            strict: true,
          });
        } catch (error) {
          throw new BadArgument((error as Error).message);
        }
      })();
      json = values.json;
      const prefix = (values.url ?? `${publicBaseUrl(context.config)}/tlog`).replace(/\/+$/, '');
      const previous = values.state ? await readState(values.state) : undefined;
      // The key: as given, else the one the state file has trusted since its first run, else the log's own.
      const vkey =
        values.vkey ?? previous?.vkey ?? (await fetchBytes(`${prefix}/vkey`)).toString('utf8').trim();
      if (previous && previous.vkey !== vkey)
        throw new LogVerificationError('The verifier key is not the one the state file trusts.');
      const result = await verifyLog({ prefix, vkey, previous, fetchBytes });
      if (values.state) {
        const temporary = `${values.state}.tmp`;
        await writeFile(temporary, `${JSON.stringify(result.state, null, 2)}\n`);
        await rename(temporary, values.state);
      }
      const consistent =
        result.previous_size === null
          ? ''
          : `, consistent with the saved checkpoint of size ${result.previous_size}`;
      context.print(
        json,
        { ok: true, ...result, state: undefined },
        `OK: ${result.origin} at size ${result.size} (root ${result.root_hash})${consistent}; ${result.assets} assets' entries chain.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof BadArgument) {
        process.stderr.write(`avs log verify: ${error.message}\n`);
        return 2;
      }
      if (!(error instanceof LogVerificationError)) throw error;
      if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: error.message })}\n`);
      else process.stderr.write(`FAILED: ${error.message}\n`);
      return 1;
    }
  },
};
