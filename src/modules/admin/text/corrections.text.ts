import { msg } from '../../../i18n/message.js';

/** The words of the operator's corrections pages: the open requests, one request beside the record (English; one place to translate). */
export const correctionsText = {
  corrections: {
    title: 'Corrections',
    intro:
      'Requests to correct an issued certificate, oldest first. Open one to see it beside the record as it stands, then approve or refuse it.',
    caption: 'Correction requests waiting for an answer',
    columns: { certificate: 'Certificate', title: 'Title', requested: 'Asked on', reason: 'Reason' },
    none: 'No correction request is waiting.',
    requestTitle: msg('Correction of {number}', 'number'),
    status: 'Status',
    statuses: { open: 'waiting', approved: 'approved', refused: 'refused' } as Record<string, string>,
    reason: 'Why the owner asks',
    requestedBy: 'Asked by',
    byKey: msg('API key {id}', 'id'),
    byMember: msg('Member {id}', 'id'),
    requestedAt: 'Asked on',
    diffCaption: 'The record now and as corrected',
    diffColumns: { field: 'Field', current: 'Now', requested: 'Corrected' },
    removed: 'removed',
    imagesToRemove: 'Public images to remove',
    noImages: 'No image is removed.',
    imagesToAdd: 'Public images to add',
    imageSize: msg('{width} × {height} px', 'width', 'height'),
    addedImageAlt: msg('Image to add, {number} of {count}', 'number', 'count'),
    approve: 'Approve',
    refuse: 'Refuse',
    decisionReason: 'Reason',
    decisionReasonOptional: 'Reason (optional)',
    approved: msg('The correction of {number} is approved; a new credential is signed.', 'number'),
    refused: msg('The correction of {number} is refused.', 'number'),
    decidedOn: 'Answered on',
    decisionReasonShown: 'Answer',
    back: 'Back to the corrections',
  },
} as const;
