/**
 * An HTTP answer's body parsed as JSON (undefined when it is not JSON: a proxy's page, an empty body), and whether it
 * was served as a JSON answer (a body that parses and a JSON content type).
 */
export async function readJsonAnswer(
  response: Response,
): Promise<{ body: Record<string, unknown> | undefined; json: boolean }> {
  const text = await response.text();
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const json = body !== undefined && /^application\/json/.test(response.headers.get('content-type') ?? '');
  return { body, json };
}
