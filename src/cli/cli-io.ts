import type { Writable } from 'node:stream';
import { openOutputFile, type OutputFileOptions } from './output-file.js';

/**
 * Where a command reads and writes: the terminal when it runs in the `avs` process, the local channel's
 * socket when it runs inside a running server (see local-channel.ts). Commands use these, never
 * process.stdout/stderr/stdin, so one command body serves both.
 */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  /** All of standard input ('' on a terminal). */
  readStdin(): Promise<Buffer>;
  /**
   * A file on the caller's side (relative to the caller's directory): `avs backup FILE` (docs/operations.md) writes here. It
   * throws OutputFileRefusedError when FILE may not be written (output-file.ts).
   */
  createOutputFile(file: string, options?: OutputFileOptions): Writable;
}

/** The `avs` process's own terminal and files. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    async readStdin() {
      if (process.stdin.isTTY) return Buffer.alloc(0);
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    createOutputFile: (file, options) => openOutputFile(file, options),
  };
}
