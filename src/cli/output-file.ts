import { randomBytes } from 'node:crypto';
import {
  close,
  closeSync,
  constants,
  fchmodSync,
  fsync,
  fsyncSync,
  lstatSync,
  openSync,
  rename,
  rmSync,
  write,
} from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';

/** Why a caller-side output file is refused: one sentence, exit 1, nothing written. */
export class OutputFileRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputFileRefusedError';
  }
}

export interface OutputFileOptions {
  /** Replace whatever is at the path (a link is replaced, never followed). */
  force?: boolean;
}

/** Why the entry at target may not be replaced, or undefined when it may (nothing there, or mktemp's empty file). */
function refusalOf(target: string, force: boolean): string | undefined {
  let entry;
  try {
    entry = lstatSync(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? undefined : `cannot look at ${target} (${code ?? 'error'}).`;
  }
  if (entry.isDirectory()) return `${target} is a directory.`;
  if (force) return undefined;
  if (entry.isFile() && entry.size === 0 && entry.uid === process.getuid?.()) return undefined;
  return (
    `${target} already exists and is not an empty file of yours: name a new file, or give --force to ` +
    'replace it.'
  );
}

function writeAll(fd: number, chunk: Buffer, callback: (error?: Error | null) => void): void {
  write(fd, chunk, 0, chunk.length, null, (error, written) => {
    if (error) return callback(error);
    if (written < chunk.length) return writeAll(fd, chunk.subarray(written), callback);
    callback();
  });
}

/**
 * A file the caller asked for (`avs backup FILE`), written as mktemp and editors do: a new 0600 file beside it
 * (O_EXCL|O_NOFOLLOW, so no link is followed and nothing existing is opened), renamed over FILE once every byte
 * is on disk. An existing FILE is refused unless it is an empty regular file of this user (the `mktemp`
 * pattern) or force is given; a failed write leaves FILE as it was and no temporary file behind.
 */
export function openOutputFile(file: string, options: OutputFileOptions = {}): Writable {
  const target = path.resolve(file);
  const force = options.force ?? false;
  const problem = refusalOf(target, force);
  if (problem) throw new OutputFileRefusedError(problem);
  const directory = path.dirname(target);
  const temporary = path.join(directory, `.${path.basename(target)}.${randomBytes(8).toString('hex')}.tmp`);
  let fd: number;
  try {
    fd = openSync(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    throw new OutputFileRefusedError(
      `cannot create a file in ${directory} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  // The umask can only take bits away; this makes the mode exactly 0600.
  fchmodSync(fd, 0o600);
  let open = true;
  let committed = false;
  const closeFile = (callback: (error?: Error | null) => void) => {
    open = false;
    close(fd, (error) => callback(error));
  };
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writeAll(fd, chunk, callback);
    },
    final(callback) {
      fsync(fd, (syncError) => {
        if (syncError) return callback(syncError);
        closeFile((closeError) => {
          if (closeError) return callback(closeError);
          // Something put there while the file was written gets the same rule as at the start.
          const late = refusalOf(target, force);
          if (late) return callback(new OutputFileRefusedError(late));
          rename(temporary, target, (renameError) => {
            if (renameError) return callback(renameError);
            committed = true;
            try {
              const directoryFd = openSync(directory, 'r');
              fsyncSync(directoryFd);
              closeSync(directoryFd);
            } catch {
              // The rename is done; a directory that cannot be synced only loses durability on a power cut.
            }
            callback();
          });
        });
      });
    },
    destroy(error, callback) {
      if (committed) return callback(error);
      const removeTemporary = () => {
        rmSync(temporary, { force: true });
        callback(error);
      };
      if (open) closeFile(() => removeTemporary());
      else removeTemporary();
    },
  });
}
