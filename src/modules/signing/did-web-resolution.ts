// Pure (no config, no database): the offline credential verifier and the SDK, which compiles it in, import it.
/** The did:web resolution URL of a did:web DID (the verifier's direction). */
export function didDocumentUrlOfDid(did: string): string | undefined {
  const match = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did);
  if (!match) return undefined;
  const host = decodeURIComponent(match[1]!);
  const path = match[2]!
    .split(':')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment))
    .join('/');
  return `https://${host}${path === '' ? '/.well-known' : `/${path}`}/did.json`;
}
