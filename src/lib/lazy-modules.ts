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
