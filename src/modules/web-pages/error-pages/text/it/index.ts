import errors from './errors.json' with { type: 'json' };

/** What error pages say, in Italian. */
// JSON, the format translators' tools read; typed against the English by defineText in ../index.ts.
export const it = { ...errors };
