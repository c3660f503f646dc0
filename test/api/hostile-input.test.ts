import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '../helpers/asset-factory.js';
import { useTestContext } from '../helpers/test-app.js';

// Bad inputs (injection, odd encodings, the limits of docs/api.md, "Request bodies"), sent to every /api/v1 endpoint: each must get a 4xx JSON error.
const HOSTILE_SEGMENTS = [
  `'; DROP TABLE assets; --`,
  '"quoted"',
  '%00',
  'nul%00byte',
  'x'.repeat(3_000),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%E2%80%AE',
  '%FF%FE',
  '%C0%AF',
  '00000000-0000-0000-0000-00000000000g',
  '-1',
  '1e309',
  'urn%3Auuid%3A00000000-0000-4000-8000-000000000000',
];

function nested(depth: number): unknown {
  return depth === 0 ? 'leaf' : { deeper: nested(depth - 1) };
}

const HOSTILE_BODIES: Array<{ name: string; payload: string; contentType?: string }> = [
  { name: 'malformed JSON', payload: '{"title": "unterminated' },
  { name: 'a JSON array', payload: '[1,2,3]' },
  { name: 'a JSON string', payload: '"just a string"' },
  { name: 'JSON null', payload: 'null' },
  { name: 'an empty body', payload: '' },
  { name: 'a body over 64 KiB', payload: JSON.stringify({ title: 'x', blob: 'y'.repeat(70_000) }) },
  { name: 'nesting 40 deep', payload: JSON.stringify({ title: 'deep', extra: nested(40) }) },
  {
    name: '60 pass-through fields',
    payload: JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, i]))),
  },
  { name: 'a NUL character in a string', payload: '{"title":"a\\u0000b","url":"https://a\\u0000b"}' },
  { name: 'a lone surrogate', payload: '{"title":"\\ud800","planet":"\\udfff"}' },
  { name: 'a prototype-polluting key', payload: '{"__proto__":{"admin":true},"constructor":{"x":1}}' },
  {
    name: 'wrong types everywhere',
    payload: '{"title":1,"planet":[],"asset_id":{},"url":false,"events":"x"}',
  },
  { name: 'form-encoded', payload: 'title=x', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'title', contentType: 'text/plain' },
];

const HOSTILE_QUERIES = [
  'limit=0',
  'limit=101',
  'limit=-1',
  'limit=abc',
  'limit=1e3',
  'limit=1&limit=2',
  'cursor=%00',
  'cursor=not-a-cursor',
  `cursor=${'A'.repeat(3_000)}`,
];

describe('hostile input on every /api/v1 endpoint: always a 4xx JSON error, never a 5xx', () => {
  const context = useTestContext({ config: { AVS_RATE_LIMIT_BURST: 100_000 } });
  let auth: { authorization: string };
  let assetId: string;
  let webhookId: string;

  beforeAll(async () => {
    ({ auth } = await context.createAccountWithKey());
    assetId = (await createAssetViaApi(context.app, auth, 'artworks', { title: 'Target' })).id;
    const webhook = await context.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: 'https://receiver.example.com/hook' },
    });
    webhookId = webhook.json<{ id: string }>().id;
  });

  async function expectJsonClientError(request: InjectOptions, label: string): Promise<number> {
    const response = await context.app.inject({ ...request, headers: { ...auth, ...request.headers } });
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    expect(response.headers['content-type'], label).toMatch(/^application\/json/);
    const body = response.json<{ error: unknown; code: unknown; request_id: unknown }>();
    expect(typeof body.error, label).toBe('string');
    expect(typeof body.code, label).toBe('string');
    expect(body.request_id, label).toBe(response.headers['x-request-id']);
    return response.statusCode;
  }

  const pathTemplates = () => [
    { method: 'GET' as const, url: (s: string) => `/api/v1/assets/artworks/${s}` },
    { method: 'GET' as const, url: (s: string) => `/api/v1/assets/${s}/${assetId}` },
    { method: 'GET' as const, url: (s: string) => `/api/v1/assets/artworks/${s}/history` },
    { method: 'PATCH' as const, url: (s: string) => `/api/v1/assets/artworks/${s}` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/assets/artworks/${s}/archive` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/assets/artworks/${s}/transfer` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/assets/${s}` },
    { method: 'GET' as const, url: (s: string) => `/api/v1/certificates/${s}` },
    { method: 'GET' as const, url: (s: string) => `/api/v1/webhooks/${s}` },
    { method: 'DELETE' as const, url: (s: string) => `/api/v1/webhooks/${s}` },
    { method: 'GET' as const, url: (s: string) => `/api/v1/webhooks/${s}/deliveries` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/webhooks/${s}/test` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/webhooks/${webhookId}/deliveries/${s}/retry` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/transfers/${s}/accept` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/transfers/${s}/decline` },
    { method: 'POST' as const, url: (s: string) => `/api/v1/transfers/${s}/cancel` },
  ];

  it('refuses hostile path segments', async () => {
    for (const template of pathTemplates())
      for (const segment of HOSTILE_SEGMENTS) {
        const url = template.url(segment);
        const body = template.method === 'GET' || template.method === 'DELETE' ? {} : { payload: {} };
        await expectJsonClientError({ method: template.method, url, ...body }, `${template.method} ${url}`);
      }
  });

  it('refuses hostile bodies', async () => {
    const targets = [
      { method: 'POST' as const, url: '/api/v1/assets/artworks' },
      { method: 'PATCH' as const, url: `/api/v1/assets/artworks/${assetId}` },
      { method: 'POST' as const, url: `/api/v1/assets/artworks/${assetId}/transfer` },
      { method: 'POST' as const, url: '/api/v1/verify' },
      { method: 'POST' as const, url: '/api/v1/webhooks' },
    ];
    for (const target of targets)
      for (const body of HOSTILE_BODIES) {
        const status = await expectJsonClientError(
          {
            ...target,
            payload: body.payload,
            headers: { 'content-type': body.contentType ?? 'application/json' },
          },
          `${target.method} ${target.url} with ${body.name}`,
        );
        if (body.name === 'a body over 64 KiB') expect(status).toBe(413);
        if (body.contentType && body.contentType !== 'application/json; charset=ebcdic')
          expect(status).toBe(415);
      }
  });

  it('refuses hostile query strings on the paged endpoints', async () => {
    const paged = [
      `/api/v1/assets/artworks/${assetId}/history`,
      '/api/v1/webhooks',
      `/api/v1/webhooks/${webhookId}/deliveries`,
      '/api/v1/transfers',
    ];
    for (const url of paged)
      for (const query of HOSTILE_QUERIES)
        await expectJsonClientError({ method: 'GET', url: `${url}?${query}` }, `GET ${url}?${query}`);
  });

  it('refuses hostile headers with a JSON error', async () => {
    const cases: Array<Record<string, string>> = [
      { authorization: 'Bearer' },
      { authorization: `Bearer pk_svc_${'x'.repeat(5_000)}` },
      { authorization: 'Bearer pk_svc_\u00e9\u00e9' },
      { authorization: 'bearer  pk_svc_ spaced' },
    ];
    for (const headers of cases) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: { ...auth, ...headers },
        payload: { title: 'Header test' },
      });
      expect(response.statusCode, JSON.stringify(headers).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof response.json<{ error: unknown }>().error).toBe('string');
    }
  });
});
