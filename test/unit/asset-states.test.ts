import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/error-catalogue.js';
import {
  assertCanChangeMedia,
  assertCanPrintCertificate,
  assertCanTransfer,
  assertCanUpdate,
  assetStatuses,
  canChangeMedia,
  canMoveCertificate,
  canPrintCertificate,
  canTransfer,
  canUpdate,
  certificateMoves,
  certificateMovesFrom,
  certificateStatuses,
  isArchived,
  isIssued,
  wasIssued,
  type CertificateMove,
} from '../../src/modules/assets/asset-states.js';

// The state table as docs/api.md writes it, spelled out here on purpose: the questions must agree with it.
const pendingOnly = ['pending'];
const expected = {
  canChangeMedia: pendingOnly,
  isIssued: ['issued'],
  wasIssued: ['issued', 'suspended', 'revoked'],
};
const moveTable: Record<CertificateMove, string[]> = {
  issue: ['pending'],
  reject: ['pending'],
  suspend: ['issued'],
  reinstate: ['suspended'],
  revoke: ['pending', 'issued', 'suspended'],
};

function refuses(assertion: () => void): boolean {
  try {
    assertion();
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_state');
    return true;
  }
}

describe('asset-states: the plain questions against the state table', () => {
  for (const asset of assetStatuses) {
    for (const certificate of certificateStatuses) {
      const row = { status: asset, certificate_status: certificate };
      it(`asset ${asset}, certificate ${certificate}`, () => {
        const archived = asset === 'archived';
        expect(isArchived(asset)).toBe(archived);
        expect(canUpdate(row)).toBe(!archived && certificate === 'pending');
        expect(canTransfer(asset)).toBe(!archived);
        expect(canPrintCertificate(row)).toBe(!archived && certificate === 'issued');
        expect(canChangeMedia(certificate)).toBe(expected.canChangeMedia.includes(certificate));
        expect(isIssued(certificate)).toBe(expected.isIssued.includes(certificate));
        expect(wasIssued(certificate)).toBe(expected.wasIssued.includes(certificate));
        // Each assertion refuses exactly where its question says no.
        expect(refuses(() => assertCanUpdate(row))).toBe(!canUpdate(row));
        expect(refuses(() => assertCanTransfer(asset))).toBe(!canTransfer(asset));
        expect(refuses(() => assertCanPrintCertificate(row))).toBe(!canPrintCertificate(row));
        expect(refuses(() => assertCanChangeMedia(certificate, 'add media to'))).toBe(
          !canChangeMedia(certificate),
        );
      });
    }
  }

  it('a refused update names the archived asset first, then the certificate', () => {
    expect(() => assertCanUpdate({ status: 'archived', certificate_status: 'issued' })).toThrow(/archived/);
    expect(() => assertCanUpdate({ status: 'active', certificate_status: 'issued' })).toThrow(/issued/);
  });

  it('certificate moves: each allowed exactly from the statuses of the table', () => {
    for (const move of Object.keys(certificateMoves) as CertificateMove[]) {
      for (const status of certificateStatuses) {
        expect(canMoveCertificate(status, move)).toBe(moveTable[move].includes(status));
        expect(certificateMovesFrom(status).includes(move)).toBe(moveTable[move].includes(status));
      }
    }
  });
});
