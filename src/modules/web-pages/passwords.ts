import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../../errors/error-catalogue.js';
import { loadCommonPasswords } from '../../lib/lazy-modules.js';

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

// OWASP's scrypt minimum (N=2^17, r=8, p=1) costs 128 MiB per hash; 2^15 keeps log-in fast on 2 cores.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

/** scrypt$N$r$p$salt$hash, all that is needed to check it later even if the parameters change. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(expected, actual);
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export const MIN_PASSWORD_LENGTH = 12;

/**
 * Whether a password is one of the most used ones (zxcvbn-ts's list from leaked-password corpora, about 49,000,
 * lower case; compared in lower case, as the list is written).
 */
async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** A password being chosen: long enough, not a common one, typed the same twice (when asked twice). */
export async function checkNewPassword(password: string, again?: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('validation_failed', 'password_too_short', { min: MIN_PASSWORD_LENGTH });
  }
  if (await isCommonPassword(password)) throw new AppError('validation_failed', 'password_common');
  if (again !== undefined && again !== password) throw new AppError('validation_failed', 'passwords_differ');
}
