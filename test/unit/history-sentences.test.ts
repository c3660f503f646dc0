import { describe, expect, it } from 'vitest';
import { text } from '../../src/modules/console/text/index.js';
import {
  historyTimeline,
  type AssetHistoryEntry,
  type HistoryNames,
} from '../../src/modules/web-pages/history-timeline.views.js';
import { planets } from '../../src/planets/planets.js';

// The sentences of the events the inject tests cannot make on their own (docs/console.md, "History as sentences").
const READER = '7d1e0a4c-8b8f-4a52-9a43-2f0b7a1d9c10';
const KEY = '3cf9651b-2689-4a92-97b5-c67340af527c';
const names: HistoryNames = {
  readerAccountId: READER,
  members: new Map(),
  keys: new Map([[KEY, 'Shop sync']]),
  accounts: new Map(),
};

let sequence = 0;
function event(event_type: string, payload: Record<string, unknown>): AssetHistoryEntry {
  sequence += 1;
  return {
    sequence,
    event_type,
    payload: { source: 'api', api_key_id: KEY, ...payload },
    actor_account_id: READER,
    created_at: '2026-11-27T09:12:00.000Z',
    hash: 'a'.repeat(64),
    log_index: null,
  };
}

function sentences(
  history: AssetHistoryEntry[],
  media: { id: string; content_type: string }[] = [],
): string[] {
  const page = historyTimeline(history, { hasMore: false, words: text.history, names, media }).value;
  return [...page.matchAll(/<p class="timeline-sentence">([\s\S]*?)<\/p>/g)].map((match) =>
    match[1]!.replace(/\s+/g, ' ').trim(),
  );
}

describe('history sentences', () => {
  it('name every field of every planet as a sentence does', () => {
    for (const { fields } of Object.values(planets))
      for (const field of Object.keys(fields)) expect(text.history.field(field)).not.toContain('‘');
  });

  it('say values with their units and choices, a cleared field, a field of the account’s own and a list', () => {
    expect(
      sentences([
        event('UPDATED', {
          changes: {
            case_diameter_mm: { old: 40, new: 41.5 },
            origin: { old: 'natural', new: 'lab_grown' },
            medium: { old: 'Oil on canvas', new: null },
            provenance: { old: null, new: 'Durand-Ruel' },
            exhibitions: { old: null, new: ['Paris 1920', 'Basel 1955'] },
          },
        }),
      ]),
    ).toEqual([
      'The API key ‘Shop sync’ changed the case diameter from 40 mm to 41.5 mm',
      'The API key ‘Shop sync’ changed the origin from natural to lab-grown',
      'The API key ‘Shop sync’ removed the medium (it was Oil on canvas)',
      'The API key ‘Shop sync’ set the field ‘provenance’ to Durand-Ruel',
      'The API key ‘Shop sync’ set the field ‘exhibitions’ to several values',
    ]);
  });

  it('say a medium made public or private by its kind, and an event it does not know yet', () => {
    const image = 'f4e4ae0c-eba6-4476-926c-886ed9ac3f7a';
    const pdf = '8f27d0f1-b2bc-4c39-8815-dfd1cefafb04';
    const removed = '0e3b1d5a-6c4f-4e8a-9b7d-1a2c3e4f5a6b';
    expect(
      sentences(
        [
          event('MEDIA_VISIBILITY_CHANGED', { media_id: image, public: false, commitment: 'b'.repeat(64) }),
          event('MEDIA_VISIBILITY_CHANGED', {
            media_id: pdf,
            public: true,
            sha256: 'c'.repeat(64),
            content_type: 'application/pdf',
            bytes: 1024,
          }),
          event('MEDIA_VISIBILITY_CHANGED', { media_id: removed, public: false, commitment: 'd'.repeat(64) }),
          event('SOMETHING_NEW', {}),
        ],
        [{ id: image, content_type: 'image/jpeg' }],
      ),
    ).toEqual([
      'The API key ‘Shop sync’ made an image private',
      'The API key ‘Shop sync’ made a document public',
      'The API key ‘Shop sync’ made an image or document private',
      'The API key ‘Shop sync’ recorded a change this page cannot describe yet',
    ]);
  });
});
