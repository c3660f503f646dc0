import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  verifyCredential,
  type CredentialVerification,
} from '../../modules/credentials/credential-verifier.js';
import type { JsonObject } from '../../modules/signing/data-integrity.js';
import type { CliCommand } from '../cli-command.js';

const FETCH_TIMEOUT_MS = 10_000;
const EXIT_CODES = { VALID: 0, SUSPENDED: 1, REVOKED: 1, INVALID: 1, UNCHECKED: 3 } as const;

class BadArgument extends Error {}

async function readSource(source: string): Promise<string> {
  if (source !== '-') return readFile(source, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function readJsonFile(file: string, what: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readSource(file);
  } catch (error) {
    throw new BadArgument(`cannot read ${what} ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as JsonObject;
  } catch {
    throw new BadArgument(`${what} ${file} is not JSON`);
  }
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/**
 * The certificate's public page (docs/alerts.md): a stolen-or-lost alert leaves the credential's status bits alone (the
 * certificate is still genuine), so the offline answer points to the page, where an open alert shows. The page is
 * on the issuer's host, as the status lists are; undefined when the credential names neither.
 */
function publicPageOf(outcome: CredentialVerification, subject: unknown): string | undefined {
  const number =
    typeof subject === 'object' && subject !== null && 'certificate_number' in subject
      ? String(subject.certificate_number)
      : undefined;
  const list = outcome.status[0]?.list;
  if (!number || !list) return undefined;
  try {
    return `${new URL(list).origin}/c/${encodeURIComponent(number)}`;
  } catch {
    return undefined;
  }
}

function describe(outcome: CredentialVerification, subject: unknown): string {
  const kind = outcome.types.filter((type) => type !== 'VerifiableCredential').join(', ') || 'credential';
  const number =
    typeof subject === 'object' && subject !== null && 'certificate_number' in subject
      ? ` ${String(subject.certificate_number)}`
      : '';
  const lines = [
    `${outcome.result}${outcome.reason ? `: ${outcome.reason}` : ''}`,
    `  ${kind}${number}, issued by ${outcome.issuer ?? '(no issuer)'}`,
  ];
  if (outcome.verification_method) lines.push(`  signed with ${outcome.verification_method}`);
  for (const entry of outcome.status) {
    const state = entry.set === null ? `not checked (${entry.problem})` : entry.set ? 'SET' : 'clear';
    lines.push(`  ${entry.purpose} bit ${entry.index} of ${entry.list}: ${state}`);
  }
  if (outcome.newer_version) lines.push('  a newer version exists: the issuer corrected this certificate');
  const page = publicPageOf(outcome, subject);
  if (page) lines.push(`  reported stolen or lost? see ${page} (alerts show there, not in the credential)`);
  return lines.join('\n');
}

/**
 * `avs verify-credential FILE|- [--did-document FILE] [--status-list FILE]... [--json]`: checks a
 * certificate credential, status list or verification receipt without the database. Exit 0 VALID;
 * 1 SUSPENDED, REVOKED or INVALID; 3 UNCHECKED (something could not be fetched); 2 bad arguments.
 */
export const verifyCredentialCommand: CliCommand = {
  usage: 'FILE|- [--did-document FILE] [--status-list FILE]... [--json]',
  summary: 'Verify a credential or receipt offline: VALID, SUSPENDED, REVOKED, INVALID or UNCHECKED',
  database: 'no',
  async run(args, context) {
    try {
      const { values, positionals } = (() => {
        try {
          return parseArgs({
            args,
            options: {
              'did-document': { type: 'string' },
              'status-list': { type: 'string', multiple: true },
              json: { type: 'boolean' },
            },
            strict: true,
            allowPositionals: true,
          });
        } catch (error) {
          throw new BadArgument((error as Error).message);
        }
      })();
      if (positionals.length !== 1) throw new BadArgument('expected one FILE (or - for standard input)');
      const document = await readJsonFile(positionals[0]!, 'the credential');
      const didDocument = values['did-document']
        ? await readJsonFile(values['did-document'], 'the DID document')
        : undefined;
      const statusLists = await Promise.all(
        (values['status-list'] ?? []).map((file) => readJsonFile(file, 'the status list')),
      );
      const outcome = await verifyCredential(document, {
        didDocuments: didDocument ? [didDocument] : [],
        statusLists,
        fetchJson,
      });
      const page = publicPageOf(outcome, document.credentialSubject);
      context.print(
        values.json,
        page ? { ...outcome, public_page: page } : outcome,
        describe(outcome, document.credentialSubject),
      );
      return EXIT_CODES[outcome.result];
    } catch (error) {
      if (!(error instanceof BadArgument)) throw error;
      process.stderr.write(`avs verify-credential: ${error.message}\n`);
      return 2;
    }
  },
};
