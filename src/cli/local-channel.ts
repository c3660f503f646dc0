import { chmodSync, lstatSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { OutputFileRequest } from './cli-command.js';
import type { CliIo } from './cli-io.js';

/**
 * The local channel: `avs serve` on the embedded database listens on a Unix socket in AVS_DATA_DIR, and a
 * CLI command that needs the database, finding the directory held, sends its argv there. The server runs
 * the command in its own process against its own open Database (so the command's transactions queue
 * behind the server's on PGlite's one session, exactly like an HTTP request's) and streams back stdout,
 * stderr, caller-side files and the exit code. Frames: 1 byte type, 4 bytes big-endian length, payload.
 */
const CHANNEL_SOCKET = 'avs.sock';

const REQUEST = 1; // client → server: JSON { argv }
const STDIN = 2; // client → server: a chunk of standard input
const STDIN_END = 3; // client → server: standard input is finished
const STDOUT = 11; // server → client: a chunk of standard output
const STDERR = 12;
const EXIT = 13; // server → client: JSON { code }; nothing follows
const FILE_OPEN = 14; // server → client: JSON { id, file }: create the caller-side file
const FILE_DATA = 15; // server → client: 4-byte id, then a chunk of that file
const FILE_END = 16; // server → client: 4-byte id: the file is complete

const MAX_REQUEST_BYTES = 64 * 1024;
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export function channelSocketPath(dataDir: string): string {
  return path.join(dataDir, CHANNEL_SOCKET);
}

function frame(type: number, payload: Uint8Array | string): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.from(payload);
  const header = Buffer.alloc(5);
  header.writeUInt8(type, 0);
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, body]);
}

function idPayload(id: number, chunk?: Uint8Array): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(id, 0);
  return chunk ? Buffer.concat([head, chunk]) : head;
}

/** Splits a socket's bytes into frames; a frame larger than the limit ends the connection. */
function readFrames(socket: Socket, onFrame: (type: number, payload: Buffer) => void): void {
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (data: Buffer) => {
    pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (length > MAX_FRAME_BYTES) {
        socket.destroy(new Error('channel frame too large'));
        return;
      }
      if (pending.length < 5 + length) break;
      const type = pending.readUInt8(0);
      const payload = pending.subarray(5, 5 + length);
      pending = pending.subarray(5 + length);
      onFrame(type, payload);
    }
  });
}

/** A Writable whose chunks go to the socket as frames, waiting for the socket to drain (large archives). */
function frameWriter(socket: Socket, toFrame: (chunk: Buffer) => Buffer, onFinal?: () => Buffer): Writable {
  const send = (data: Buffer, callback: (error?: Error | null) => void) => {
    if (socket.destroyed) return callback(); // the caller went away: the command finishes unheard
    if (socket.write(data)) callback();
    else socket.once('drain', () => callback());
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      send(toFrame(Buffer.from(chunk)), callback);
    },
    final(callback) {
      if (onFinal) send(onFinal(), callback);
      else callback();
    },
  });
}

export type ChannelHandler = (argv: string[], io: CliIo) => Promise<number>;

function serveConnection(socket: Socket, handler: ChannelHandler): void {
  socket.on('error', () => undefined);
  const stdin = new PassThrough();
  let started = false;
  let nextFileId = 1;
  readFrames(socket, (type, payload) => {
    if (!started) {
      started = true;
      if (type !== REQUEST || payload.length > MAX_REQUEST_BYTES) return socket.destroy();
      let argv: unknown;
      try {
        argv = (JSON.parse(payload.toString('utf8')) as { argv?: unknown }).argv;
      } catch {
        return socket.destroy();
      }
      if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) return socket.destroy();
      void runRequest(argv);
    } else if (type === STDIN) stdin.write(payload);
    else if (type === STDIN_END) stdin.end();
  });
  socket.on('close', () => stdin.end());

  async function runRequest(argv: string[]): Promise<void> {
    const stdout = frameWriter(socket, (chunk) => frame(STDOUT, chunk));
    const stderr = frameWriter(socket, (chunk) => frame(STDERR, chunk));
    const files: Writable[] = [];
    const io: CliIo = {
      stdout,
      stderr,
      async readStdin() {
        const chunks: Buffer[] = [];
        for await (const chunk of stdin) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      },
      createOutputFile(file) {
        const id = nextFileId++;
        if (!socket.destroyed) socket.write(frame(FILE_OPEN, JSON.stringify({ id, file })));
        const writer = frameWriter(
          socket,
          (chunk) => frame(FILE_DATA, idPayload(id, chunk)),
          () => frame(FILE_END, idPayload(id)),
        );
        files.push(writer);
        return writer;
      },
    };
    let code: number;
    try {
      code = await handler(argv, io);
    } catch (error) {
      stderr.write(`avs: ${(error as Error).message}\n`);
      code = 1;
    }
    stdout.end();
    stderr.end();
    // A file the command did not finish is not complete: no end frame, so the caller discards it.
    for (const file of files) if (!file.writableEnded) file.destroy();
    await Promise.allSettled([stdout, stderr, ...files].map((stream) => finished(stream)));
    if (!socket.destroyed) socket.end(frame(EXIT, JSON.stringify({ code })));
  }
}

export interface LocalChannel {
  socketPath: string;
  close(): Promise<void>;
}

/**
 * Listens on AVS_DATA_DIR/avs.sock, owner-only. Call it only while holding the data directory's lock: a
 * socket file found then was left by a server that is gone, so it is removed; anything else there (a
 * regular file, a link) is refused rather than deleted.
 */
export async function openLocalChannel(dataDir: string, handler: ChannelHandler): Promise<LocalChannel> {
  const socketPath = channelSocketPath(dataDir);
  try {
    const existing = lstatSync(socketPath);
    if (!existing.isSocket()) {
      throw new Error(
        `${socketPath} exists and is not a socket; remove it to let avs serve open its channel.`,
      );
    }
    unlinkSync(socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const connections = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serveConnection(socket, handler);
  });
  // The socket is created 0600 (no window with a wider mode); chmod after makes it exact whatever the umask.
  const previousUmask = process.umask(0o177);
  try {
    server.listen(socketPath);
  } finally {
    process.umask(previousUmask);
  }
  await once(server, 'listening');
  chmodSync(socketPath, 0o600);
  return {
    socketPath,
    async close() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of connections) socket.destroy();
      await closed;
      try {
        unlinkSync(socketPath);
      } catch {
        // Node removes the socket file itself on close.
      }
    },
  };
}

type ChannelTrust =
  { state: 'absent' } | { state: 'trusted'; socketPath: string } | { state: 'refused'; reason: string };

/**
 * Whether the CLI may use the socket at socketPath: it must be a socket of this user, mode 0600, in a directory
 * of this user that group and others cannot write (so nobody else can have put it there or swap it). Root is
 * not exempt: a socket another user made would receive root's argv and stdin and could name files to write.
 */
function checkChannelTrust(socketPath: string, uid = process.getuid?.()): ChannelTrust {
  let directory: string;
  let socket;
  try {
    directory = realpathSync(path.dirname(socketPath));
    socket = lstatSync(path.join(directory, path.basename(socketPath)));
  } catch {
    return { state: 'absent' };
  }
  if (!socket.isSocket()) return { state: 'absent' };
  const resolved = path.join(directory, path.basename(socketPath));
  const refused = (why: string): ChannelTrust => ({
    state: 'refused',
    reason: `refusing the server's channel ${resolved}: ${why}`,
  });
  const owner = statSync(directory);
  if (uid !== undefined && owner.uid !== uid) {
    return refused(`its directory ${directory} is owned by uid ${owner.uid}, not by this user (uid ${uid})`);
  }
  if ((owner.mode & 0o022) !== 0) {
    return refused(
      `its directory ${directory} can be written by group or others (mode 0${(owner.mode & 0o777).toString(8)})`,
    );
  }
  if (uid !== undefined && socket.uid !== uid) {
    return refused(`it is owned by uid ${socket.uid}, not by this user (uid ${uid})`);
  }
  if ((socket.mode & 0o777) !== 0o600) {
    return refused(`it has mode 0${(socket.mode & 0o777).toString(8)}, not 0600`);
  }
  return { state: 'trusted', socketPath: resolved };
}

export interface ChannelCallOptions {
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** The one caller-side file the command may write (`avs backup FILE`), opened here before anything is sent. */
  outputFile?: OutputFileRequest;
}

/**
 * Sends argv to a running server and relays what comes back to io. Returns the command's exit code, or
 * undefined when no server listens there (no socket, or a stale one): the caller then opens the directory
 * itself and meets the lock's message if it is still held. A socket that fails checkChannelTrust is refused
 * (exit 1, one sentence) before anything is sent; the server may open only options.outputFile.
 */
export async function runThroughChannel(
  socketPath: string,
  argv: string[],
  io: Pick<CliIo, 'stdout' | 'stderr' | 'createOutputFile'>,
  options: ChannelCallOptions = {},
): Promise<number | undefined> {
  const stdin = options.stdin ?? process.stdin;
  const trust = checkChannelTrust(socketPath);
  if (trust.state === 'absent') return undefined;
  if (trust.state === 'refused') {
    io.stderr.write(`avs: ${trust.reason}.\n`);
    return 1;
  }
  const socket = connect(trust.socketPath);
  try {
    await once(socket, 'connect');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED' || code === 'ENOTSOCK') return undefined;
    throw error;
  }
  let output: Writable | undefined;
  if (options.outputFile) {
    try {
      output = io.createOutputFile(options.outputFile.file, { force: options.outputFile.force });
    } catch (error) {
      socket.destroy();
      io.stderr.write(`avs ${argv[0]}: ${(error as Error).message}\n`);
      return 1;
    }
  }
  socket.write(frame(REQUEST, JSON.stringify({ argv })));

  const onStdinData = (chunk: Buffer) => socket.write(frame(STDIN, chunk));
  const onStdinEnd = () => socket.write(frame(STDIN_END, ''));
  if (stdin.isTTY) onStdinEnd();
  else {
    stdin.on('data', onStdinData);
    stdin.once('end', onStdinEnd);
  }

  let outputId: number | undefined;
  let outputEnded = false;
  let exitCode: number | undefined;
  let failure: Error | undefined;
  let refusal: string | undefined;
  const outputDone = output ? finished(output).catch(() => undefined) : undefined;
  output?.on('error', (error) => {
    failure ??= error;
    socket.destroy();
  });
  // Relays with back-pressure: a slow terminal or disk pauses the socket, and so the server's writer.
  const relay = (target: Writable, chunk: Buffer) => {
    if (!target.write(chunk)) {
      socket.pause();
      target.once('drain', () => socket.resume());
    }
  };
  readFrames(socket, (type, payload) => {
    switch (type) {
      case STDOUT:
        return relay(io.stdout, payload);
      case STDERR:
        return relay(io.stderr, payload);
      case FILE_OPEN: {
        const { id, file } = JSON.parse(payload.toString('utf8')) as { id: number; file: unknown };
        if (!output || outputId !== undefined || file !== options.outputFile?.file) {
          refusal = `the server asked to write ${JSON.stringify(file)}, which is not the file this command writes`;
          socket.destroy();
          return;
        }
        outputId = id;
        return;
      }
      case FILE_DATA:
        if (output && outputId !== undefined && payload.readUInt32BE(0) === outputId) {
          relay(output, payload.subarray(4));
        }
        return;
      case FILE_END:
        if (output && outputId !== undefined && payload.readUInt32BE(0) === outputId) {
          outputEnded = true;
          output.end();
          // An ending stream never emits 'drain': a socket paused for this file would stay paused, and the
          // process would exit with the command unfinished.
          socket.resume();
        }
        return;
      case EXIT:
        exitCode = (JSON.parse(payload.toString('utf8')) as { code: number }).code;
        return;
    }
  });
  socket.on('error', (error) => (failure ??= error));
  await once(socket, 'close');
  stdin.removeListener('data', onStdinData);
  stdin.removeListener('end', onStdinEnd);
  if (!stdin.isTTY && 'destroy' in stdin) (stdin as NodeJS.ReadStream).destroy();
  // A file the server did not finish (or never opened) is discarded: FILE stays as it was.
  if (output && (!outputEnded || refusal)) output.destroy();
  await outputDone;
  if (refusal) {
    io.stderr.write(`avs: ${refusal}.\n`);
    return 1;
  }
  if (exitCode === undefined || failure) {
    io.stderr.write(
      `avs: the running server's channel closed before the command finished${failure ? ` (${failure.message})` : ''}.\n`,
    );
    return 1;
  }
  return exitCode;
}
