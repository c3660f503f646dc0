import type { FastifyRequest } from 'fastify';
import { commitChange } from '../../../plugins/commit-change.js';
import type { CertificateMove } from '../../assets/asset-states.js';
import type { SessionFlash } from '../../web-pages/web-sessions.js';
import { moveCertificate } from '../../certificates/certificate-moves.service.js';
import { session } from './admin-page.helpers.js';
import { adminText } from '../text/index.js';

/** A certificate move from an admin page's form, by the signed-in administrator, in one committed change. */
export async function commitAdminMove(
  request: FastifyRequest,
  move: { certificateNumber: string; move: CertificateMove; reason: string | undefined },
): Promise<void> {
  await commitChange(request, 200, (tx) =>
    moveCertificate(tx, { ...move, actor: { adminUserId: session(request).adminUserId } }),
  );
}

/** The notice an admin page shows once a certificate move is done. */
export function moveDoneNotice(certificateNumber: string, move: CertificateMove): SessionFlash {
  return { kind: 'notice', message: adminText.moves.done[move](certificateNumber) };
}
