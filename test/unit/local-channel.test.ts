import { createHash } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
    // 8 MiB of varied bytes: more than any socket buffer, so back-pressure is exercised (#24's archives).
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
        stdin,
      );
      expect(code).toBe(3);
      expect(stdout.bytes().toString()).toBe('argv=backup out.tar stdin=from stdin\n');
      expect(stderr.bytes().toString()).toBe('a warning\n');
      expect(sha256(files.get('out.tar')!.bytes())).toBe(sha256(archive));
    } finally {
      await channel.close();
    }
  });

  it('replaces a stale socket, refuses a non-socket file, and reports "no server" for a dead socket', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    const socketPath = path.join(dir, 'avs.sock');
    // A socket file left by a server that died: a process listening there, killed with SIGKILL.
    const holder = spawn(process.execPath, [
      '-e',
      "require('node:net').createServer().listen(process.argv[1], () => console.log('up'))",
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
    expect(await runThroughChannel(socketPath, ['accounts', 'list'], io, new PassThrough())).toBeUndefined();

    const channel = await openLocalChannel(dir, async () => 0);
    expect(await runThroughChannel(socketPath, ['x'], io, new PassThrough().end())).toBe(0);
    await channel.close();

    const other = mkdtempSync(path.join(tmpdir(), 'avs-channel-'));
    writeFileSync(path.join(other, 'avs.sock'), 'not a socket');
    await expect(openLocalChannel(other, async () => 0)).rejects.toThrow(/not a socket/);
  });
});
