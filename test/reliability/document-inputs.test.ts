import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedApiObjects } from '../helpers/api-objects.js';
import { servedDocument } from '../helpers/document-operations.js';
import { useTestContext } from '../helpers/test-app.js';

// The hostile dates and texts (docs/reliability.md, "Found from outside") sent to every date-time and free-text input the served
// OpenAPI document names, so a route added tomorrow is fuzzed without editing this file.

/** Instants PostgreSQL cannot store, or JavaScript's Date cannot read (each was a 500 somewhere). */
const HOSTILE_DATES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '0000-01-01',
  '2026-12-31T23:59:60Z',
  '9999-12-31T23:00:00-05:00',
];
/** Text PostgreSQL text and jsonb refuse. A lone surrogate cannot travel in a URL (it becomes U+FFFD). */
const HOSTILE_URL_TEXT = ['\u0000', 'a\u0000b'];
const HOSTILE_BODY_TEXT = [...HOSTILE_URL_TEXT, '\ud800'];

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
}
interface Parameter {
  in: string;
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: {
    content?: Record<
      string,
      { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }
    >;
  };
}

/** A string a client chooses freely (not one of a list). */
function isFreeText(schema: Schema | undefined): boolean {
  if (!schema || schema.enum !== undefined || schema.const !== undefined) return false;
  if ([schema.type].flat().includes('string')) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isFreeText);
}

function isDateTime(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema.format === 'date-time') return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isDateTime);
}

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

describe('every date-time and free-text input of the OpenAPI document refuses hostile values with a 4xx', () => {
  const context = useTestContext({
    config: { AVS_RATE_LIMIT_PER_SECOND: 1_000_000, AVS_RATE_LIMIT_BURST: 1_000_000 },
  });
  let document: { paths: Record<string, Record<string, Operation>> };
  let auth: { authorization: string };
  let known: Record<string, string>;
  beforeAll(async () => {
    document = await servedDocument(context.app);
    const { owner, other, asset, webhookId, transferId } = await seedApiObjects(context, 'document-inputs');
    auth = owner.auth;
    const verified = await context.app.inject({
      method: 'POST',
      url: '/api/v1/verify',
      headers: auth,
      payload: { planet: 'artworks', asset_id: asset.id },
    });
    known = {
      asset: asset.id,
      planet: 'artworks',
      number: asset.certificate_number,
      certificate_number: asset.certificate_number,
      asset_id: asset.id,
      to_account_id: other.accountId,
      webhook: webhookId,
      transfer: transferId,
      verification: verified.json<{ id: string }>().id,
      sequence: '1',
    };
  });

  /** Real objects where the path names them (the owner's asset, webhook, transfer…), a fresh UUID elsewhere. */
  function fillPath(path: string): string {
    const segments = path.split('/');
    return segments
      .map((segment, index) => {
        const name = /^\{(.+)\}$/.exec(segment)?.[1];
        if (name === undefined) return segment;
        if (name !== 'id') return known[name] ?? randomUUID();
        const owner = segments[index - 1] === '{planet}' ? 'assets' : segments[index - 1];
        const byOwner: Record<string, string | undefined> = {
          assets: known.asset,
          webhooks: known.webhook,
          transfers: known.transfer,
          verifications: known.verification,
        };
        return (
          byOwner[owner ?? ''] ??
          (/^(artworks|collectibles|watches|jewelry)$/.test(owner ?? '') ? known.asset : undefined) ??
          randomUUID()
        );
      })
      .join('/');
  }

  function exampleBody(operation: Operation): Record<string, unknown> {
    const content = operation.requestBody?.content?.['application/json'];
    const example = content?.example ?? Object.values(content?.examples ?? {})[0]?.value ?? {};
    const body = { ...(example as Record<string, unknown>) };
    for (const name of Object.keys(body)) if (known[name] !== undefined) body[name] = known[name];
    return body;
  }

  it('walks the document: never a 5xx, always a JSON error; a hostile query value is 400 validation_failed', async () => {
    const problems: string[] = [];
    const reached = { operations: 0, dateTimeInputs: 0, freeTextInputs: 0, requests: 0 };

    async function send(
      options: InjectOptions,
      label: string,
      expectValidationFailed: boolean,
    ): Promise<void> {
      const response = await context.app.inject({ ...options, headers: { ...auth, ...options.headers } });
      reached.requests++;
      const what = `${label} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode >= 500 || response.statusCode < 400) {
        // A free-text input may accept a date string (a title of "0000-01-01"); only 5xx are wrong there.
        if (response.statusCode >= 500 || expectValidationFailed) problems.push(what);
        return;
      }
      if (!/^application\/json/.test(String(response.headers['content-type'])))
        problems.push(`${what} (not JSON)`);
      const body = response.json<{ error?: unknown; code?: unknown }>();
      if (typeof body.error !== 'string') problems.push(`${what} (no error sentence)`);
      if (expectValidationFailed && body.code !== 'validation_failed')
        problems.push(`${what} (not validation_failed)`);
    }

    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = operations[method];
        if (!operation) continue;
        reached.operations++;
        const url = fillPath(path);
        const hasJsonBody = operation.requestBody?.content?.['application/json'] !== undefined;
        const hasBody = operation.requestBody !== undefined;
        const baseBody = hasJsonBody ? exampleBody(operation) : undefined;
        const withBody = (body: unknown): Partial<InjectOptions> =>
          body === undefined
            ? {}
            : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };

        for (const parameter of operation.parameters ?? []) {
          const dateTime = isDateTime(parameter.schema);
          if (!dateTime && !isFreeText(parameter.schema)) continue;
          if (dateTime) reached.dateTimeInputs++;
          else reached.freeTextInputs++;
          for (const value of [...HOSTILE_DATES, ...HOSTILE_URL_TEXT]) {
            const hostileText = HOSTILE_URL_TEXT.includes(value);
            if (parameter.in === 'query') {
              const target = `${url}?${new URLSearchParams({ [parameter.name]: value }).toString()}`;
              // A query string is checked by its schema before anything else runs (a body route may refuse first).
              await send(
                {
                  method: method.toUpperCase(),
                  url: target,
                  ...withBody(baseBody),
                },
                `${method.toUpperCase()} ${path} ?${parameter.name}=${JSON.stringify(value)}`,
                !hasBody && (dateTime || hostileText),
              );
            } else if (parameter.in === 'path') {
              const target = url
                .split('/')
                .map((segment, index) =>
                  path.split('/')[index] === `{${parameter.name}}` ? encodeURIComponent(value) : segment,
                )
                .join('/');
              await send(
                {
                  method: method.toUpperCase(),
                  url: target,
                  ...withBody(baseBody),
                },
                `${method.toUpperCase()} ${path} {${parameter.name}}=${JSON.stringify(value)}`,
                false,
              );
            }
          }
        }

        const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        for (const [name, schema] of Object.entries(properties)) {
          const dateTime = isDateTime(schema);
          const list = schema.type === 'array' && isFreeText(schema.items);
          if (!dateTime && !list && !isFreeText(schema)) continue;
          if (dateTime) reached.dateTimeInputs++;
          else reached.freeTextInputs++;
          for (const value of [...HOSTILE_DATES, ...HOSTILE_BODY_TEXT]) {
            await send(
              {
                method: method.toUpperCase(),
                url,
                ...withBody({ ...baseBody, [name]: list ? [value] : value }),
              },
              `${method.toUpperCase()} ${path} body.${name}=${JSON.stringify(value)}`,
              dateTime,
            );
          }
        }
      }
    }

    console.info(`document inputs: ${JSON.stringify(reached)}`);
    expect(problems).toEqual([]);
    // The walk found the document's inputs (the lists' created_after and created_before, titles, alerts…).
    expect(reached.operations).toBeGreaterThanOrEqual(30);
    expect(reached.dateTimeInputs).toBeGreaterThanOrEqual(3);
    expect(reached.freeTextInputs).toBeGreaterThanOrEqual(20);
  });
});
