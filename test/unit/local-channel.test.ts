import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { processIo } from '../../src/cli/cli-io.js';
import { openLocalChannel, runThroughChannel } from '../../src/cli/local-channel.js';

function collector() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the local channel', () => {
  it('relays argv, stdin, stdout, stderr, a large caller-side file and the exit code; socket 0600', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    // 8 MiB of varied bytes: more than any socket buffer, so back-pressure is exercised (as a backup archive's stream needs).
    const archive = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < archive.length; i++) archive[i] = (i * 7919) % 251;
    const channel = await openLocalChannel(dir, async (argv, io) => {
      const input = (await io.readStdin()).toString('utf8');
      io.stdout.write(`argv=${argv.join(' ')} stdin=${input}\n`);
      io.stderr.write('a warning\n');
      const file = io.createOutputFile(argv[1]!);
      for (let offset = 0; offset < archive.length; offset += 65536) {
        if (!file.write(archive.subarray(offset, offset + 65536))) await once(file, 'drain');
      }
      file.end();
      return 3;
    });
    try {
      expect(statSync(channel.socketPath).mode & 0o777).toBe(0o600);
      const stdout = collector();
      const stderr = collector();
      const files = new Map<string, ReturnType<typeof collector>>();
      const stdin = new PassThrough();
      stdin.end('from stdin');
      const code = await runThroughChannel(
        channel.socketPath,
        ['backup', 'out.tar'],
        {
          stdout: stdout.stream,
          stderr: stderr.stream,
          createOutputFile: (file) => {
            const sink = collector();
            files.set(file, sink);
            return sink.stream;
          },
        },
        { stdin, outputFile: { file: 'out.tar', force: false } },
      );
      expect(code).toBe(3);
      expect(stdout.bytes().toString()).toBe('argv=backup out.tar stdin=from stdin\n');
      expect(stderr.bytes().toString()).toBe('a warning\n');
      expect(sha256(files.get('out.tar')!.bytes())).toBe(sha256(archive));
    } finally {
      await channel.close();
    }
  });

  it('finishes when the file ends while a slow disk holds the socket paused (an ending stream never drains)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    const channel = await openLocalChannel(dir, async (argv, io) => {
      const file = io.createOutputFile(argv[1]!);
      for (let i = 0; i < 8; i++) file.write(Buffer.alloc(1024, i));
      file.end();
      await finished(file);
      // The exit frame comes in a later read than the file's end, as on a loaded machine.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return 0;
    });
    try {
      const written: Buffer[] = [];
      // A disk that takes its time: every write fills the buffer, so the client pauses the socket.
      const slowDisk = new Writable({
        highWaterMark: 1,
        write(chunk: Buffer, _encoding, callback) {
          written.push(Buffer.from(chunk));
          setTimeout(callback, 20);
        },
      });
      const stdin = new PassThrough();
      stdin.end();
      const code = await runThroughChannel(
        channel.socketPath,
        ['backup', 'out.avs'],
        { stdout: collector().stream, stderr: collector().stream, createOutputFile: () => slowDisk },
        { stdin, outputFile: { file: 'out.avs', force: false } },
      );
      expect(code).toBe(0);
      expect(Buffer.concat(written).length).toBe(8 * 1024);
    } finally {
      await channel.close();
    }
  }, 20_000);

  it('replaces a stale socket, refuses a non-socket file, and reports "no server" for a dead socket', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    const socketPath = path.join(dir, 'avs.sock');
    // A socket file left by a server that died: a process listening there (0600, as avs serve makes it), killed.
    const holder = spawn(process.execPath, [
      '-e',
      "process.umask(0o177); require('node:net').createServer().listen(process.argv[1], () => console.log('up'))",
      socketPath,
    ]);
    await once(holder.stdout, 'data');
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    expect(statSync(socketPath).isSocket()).toBe(true);
    const io = {
      stdout: collector().stream,
      stderr: collector().stream,
      createOutputFile: () => collector().stream,
    };
    expect(
      await runThroughChannel(socketPath, ['accounts', 'list'], io, { stdin: new PassThrough() }),
    ).toBeUndefined();

    const channel = await openLocalChannel(dir, async () => 0);
    expect(await runThroughChannel(socketPath, ['x'], io, { stdin: new PassThrough().end() })).toBe(0);
    await channel.close();

    const other = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    writeFileSync(path.join(other, 'avs.sock'), 'not a socket');
    await expect(openLocalChannel(other, async () => 0)).rejects.toThrow(/not a socket/);
  });
});

describe('the local channel trusts only a socket and directory of its own user', () => {
  const nobody = { uid: 65534, gid: 65534 };
  const isRoot = process.getuid?.() === 0;
  const quietIo = () => {
    const stderr = collector();
    return {
      io: { stdout: collector().stream, stderr: stderr.stream, createOutputFile: () => collector().stream },
      stderr,
    };
  };
  /** A listener that records every connection and what it was sent: the "fake server". */
  async function listener(socketPath: string) {
    const received: Buffer[] = [];
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', () => undefined);
    });
    server.listen(socketPath);
    await once(server, 'listening');
    chmodSync(socketPath, 0o600);
    return {
      connections: () => connections,
      received: () => Buffer.concat(received),
      close: async () => {
        server.close();
        await once(server, 'close');
      },
    };
  }
  const refusedWith = async (socketPath: string, pattern: RegExp) => {
    const { io, stderr } = quietIo();
    const stdin = new PassThrough();
    stdin.end('the admin password');
    expect(await runThroughChannel(socketPath, ['admin', 'create', '--email', 'a@b.c'], io, { stdin })).toBe(
      1,
    );
    expect(stderr.bytes().toString()).toMatch(/^avs: [^\n]+\.\n$/);
    expect(stderr.bytes().toString()).toMatch(pattern);
  };

  it.runIf(isRoot)(
    'refuses a socket owned by another user (nobody), even for root, and sends it nothing',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
      const socketPath = path.join(dir, 'avs.sock');
      const fake = await listener(socketPath);
      try {
        chownSync(socketPath, nobody.uid, nobody.gid);
        await refusedWith(socketPath, /owned by uid 65534/);
        // The data directory itself handed to the other user (the attack: AVS_DATA_DIR made by someone else).
        chownSync(dir, nobody.uid, nobody.gid);
        await refusedWith(socketPath, /owned by uid 65534/);
        expect(fake.connections()).toBe(0);
        expect(fake.received().length).toBe(0);
      } finally {
        await fake.close();
      }
    },
  );

  it('refuses a socket that is not 0600 and a directory that group or others can write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    const socketPath = path.join(dir, 'avs.sock');
    const fake = await listener(socketPath);
    try {
      chmodSync(socketPath, 0o666);
      await refusedWith(socketPath, /mode 0666/);
      chmodSync(socketPath, 0o600);
      chmodSync(dir, 0o770);
      await refusedWith(socketPath, /can be written by group or others/);
      chmodSync(dir, 0o703);
      await refusedWith(socketPath, /can be written by group or others/);
      expect(fake.connections()).toBe(0);
    } finally {
      await fake.close();
    }
  });

  it('refuses an existing FILE on the caller side before the command reaches the server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    const existing = path.join(dir, 'registry.avs');
    writeFileSync(existing, 'an older archive');
    let ran = false;
    const channel = await openLocalChannel(dir, async () => {
      ran = true;
      return 0;
    });
    try {
      const stderr = collector();
      const code = await runThroughChannel(
        channel.socketPath,
        ['backup', existing],
        { ...processIo(), stdout: collector().stream, stderr: stderr.stream },
        { stdin: new PassThrough().end(), outputFile: { file: existing, force: false } },
      );
      expect(code).toBe(1);
      expect(stderr.bytes().toString()).toMatch(/^avs backup: [^\n]+already exists[^\n]+\.\n$/);
      expect(ran).toBe(false);
      expect(readFileSync(existing, 'utf8')).toBe('an older archive');
    } finally {
      await channel.close();
    }
  });

  it('writes only the FILE the user gave to avs backup, never a file the server names', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    const elsewhere = path.join(mkdtempSync(path.join(tmpdir(), 'avs-channel-')), 'authorized_keys');
    const channel = await openLocalChannel(dir, async (_argv, io) => {
      const file = io.createOutputFile(elsewhere);
      file.end('ssh-ed25519 AAAA attacker\n');
      await finished(file).catch(() => undefined);
      return 0;
    });
    try {
      const opened: string[] = [];
      const { io, stderr } = quietIo();
      const code = await runThroughChannel(
        channel.socketPath,
        ['accounts', 'list'],
        { ...io, createOutputFile: (file) => (opened.push(file), collector().stream) },
        { stdin: new PassThrough().end() },
      );
      expect(code).toBe(1);
      expect(stderr.bytes().toString()).toMatch(/^avs: [^\n]+\.\n$/);
      expect(opened).toEqual([]);
      expect(existsSync(elsewhere)).toBe(false);

      // A backup of FILE: the server may open FILE, nothing else.
      const wanted = path.join(dir, 'registry.avs');
      const second = quietIo();
      const backup = await runThroughChannel(
        channel.socketPath,
        ['backup', wanted],
        { ...second.io, createOutputFile: (file) => (opened.push(file), collector().stream) },
        { stdin: new PassThrough().end(), outputFile: { file: wanted, force: false } },
      );
      expect(backup).toBe(1);
      expect(second.stderr.bytes().toString()).toMatch(/not the file this command writes/);
      expect(existsSync(elsewhere)).toBe(false);
    } finally {
      await channel.close();
    }
  });
});
