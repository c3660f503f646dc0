import type ExcelJsModule from 'exceljs';
import type SharpModule from 'sharp';

let sharpLoading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips), loaded on the first image to decode: ~25 MiB resident from the moment it is imported, which
 * a server that is never sent an image would hold for nothing (docs/performance.md, "Round 3: idle costs").
 */
export function loadSharp(): Promise<typeof SharpModule> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded images alive between requests: memory for nothing here.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading;
}

let excelJsLoading: Promise<typeof ExcelJsModule> | undefined;

/** exceljs, loaded on the first XLSX import or export: several MiB of code a server at rest would hold for nothing. */
export function loadExcelJs(): Promise<typeof ExcelJsModule> {
  excelJsLoading ??= import('exceljs').then((module) => module.default);
  return excelJsLoading;
}

let mailParserLoading: Promise<typeof import('mailparser')> | undefined;

/** mailparser, loaded when the mail log first shows a message's body: as exceljs, nothing to hold at rest. */
export function loadMailParser(): Promise<typeof import('mailparser')> {
  mailParserLoading ??= import('mailparser');
  return mailParserLoading;
}

let pdfKitLoading: Promise<typeof import('pdfkit')> | undefined;

/** pdfkit, loaded on the first PDF drawn (a certificate, a label sheet, a handover card): ~23 MiB resident at rest. */
export function loadPdfKit(): Promise<typeof import('pdfkit')> {
  pdfKitLoading ??= import('pdfkit').then((module) => module.default);
  return pdfKitLoading;
}

let fontkitLoading: Promise<typeof import('fontkit')> | undefined;

/** fontkit, loaded with pdfkit (which draws with it too): the Japanese font's glyphs are looked up in it. */
export function loadFontkit(): Promise<typeof import('fontkit')> {
  fontkitLoading ??= import('fontkit');
  return fontkitLoading;
}

type Nodemailer = (typeof import('nodemailer'))['default'];
let nodemailerLoading: Promise<Nodemailer> | undefined;

/** nodemailer, loaded when the first message is sent: a server that sends none holds ~15 MiB less. */
export function loadNodemailer(): Promise<Nodemailer> {
  nodemailerLoading ??= import('nodemailer').then((module) => module.default);
  return nodemailerLoading;
}

let commonPasswordsLoading: Promise<ReadonlySet<string>> | undefined;

/** zxcvbn-ts's list of the most used passwords as a Set, built on the first password chosen: ~11 MiB at rest. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswordsLoading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswordsLoading;
}

let simpleWebAuthnLoading: Promise<typeof import('@simplewebauthn/server')> | undefined;

/** @simplewebauthn/server, loaded on the first passkey ceremony: ~24 MiB resident a server without passkeys holds. */
export function loadSimpleWebAuthn(): Promise<typeof import('@simplewebauthn/server')> {
  simpleWebAuthnLoading ??= import('@simplewebauthn/server');
  return simpleWebAuthnLoading;
}

/** A value made on its first use and kept; `ifMade` gives it without making it (to close what exists). */
export function lazily<T>(make: () => Promise<T>): (() => Promise<T>) & { ifMade(): T | undefined } {
  let making: Promise<T> | undefined;
  let made: T | undefined;
  const get = () =>
    (making ??= make().then(
      (value) => (made = value),
      (error: unknown) => {
        // A failed load is tried again by the next message, as a failed send is.
        making = undefined;
        throw error;
      },
    ));
  return Object.assign(get, { ifMade: () => made });
}
