import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { freePort } from './processes.js';

/** Debian's Python, not a pyenv one on PATH: python3-aiosmtpd is installed for it (.ci/run). */
const PYTHON = '/usr/bin/python3';

/** Why aiosmtpd cannot run here, or undefined when it can. */
export function aiosmtpdMissing(): string | undefined {
  if (!existsSync(PYTHON)) return `${PYTHON} is not installed`;
  const probe = spawnSync(PYTHON, ['-c', 'import aiosmtpd'], { stdio: 'ignore' });
  return probe.status === 0
    ? undefined
    : "Debian's python3-aiosmtpd is not installed (apt-get install python3-aiosmtpd)";
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * aiosmtpd, a second real SMTP server (Python's, in its own process), storing what it receives in a Maildir:
 * plain SMTP on loopback, so the service reaches it with `AVS_SMTP_URL=smtp://127.0.0.1:PORT?tls=off`.
 */
export async function startAiosmtpd() {
  const dir = mkdtempSync(path.join(tmpdir(), 'avs-aiosmtpd-'));
  const maildir = path.join(dir, 'Maildir');
  const port = await freePort();
  const child: ChildProcess = spawn(
    PYTHON,
    ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  const deadline = Date.now() + 20_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`aiosmtpd exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`aiosmtpd did not answer on port ${port} in 20 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  /** The raw messages delivered to the Maildir so far. */
  const messages = (): Buffer[] => {
    const fresh = path.join(maildir, 'new');
    if (!existsSync(fresh)) return [];
    return readdirSync(fresh)
      .sort()
      .map((name) => readFileSync(path.join(fresh, name)));
  };
  return {
    port,
    /** The service's setting for this server: plain SMTP on loopback, no AUTH. */
    url: `smtp://127.0.0.1:${port}?tls=off`,
    messages,
    async parsed(): Promise<ParsedMail[]> {
      return Promise.all(messages().map((raw) => simpleParser(raw)));
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Aiosmtpd = Awaited<ReturnType<typeof startAiosmtpd>>;
