import type { FastifyInstance } from 'fastify';

/** The page whose form gives the pre-session token of a sign-in or invitation POST (one cookie per app). */
function formPageOf(url: string): string {
  return url.startsWith('/admin') ? '/admin/login' : '/console/login';
}

/** A browser's first visit to a sign-in page: the pre-session cookie it was given and its form's `_csrf` token. */
export async function signInFormToken(
  app: FastifyInstance,
  page: '/console/login' | '/admin/login',
): Promise<{ cookie: string; csrfToken: string }> {
  const response = await app.inject({ method: 'GET', url: page });
  const cookie = String(response.headers['set-cookie'] ?? '').split(';', 1)[0]!;
  const csrfToken = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
  if (!cookie || !csrfToken) throw new Error(`no sign-in form at ${page}: ${response.statusCode}`);
  return { cookie, csrfToken };
}

/**
 * A sign-in or invitation form sent as a browser sends it: the page fetched first, its cookie and token sent
 * back with the fields (`cookie`: the browser's other cookies, such as a session it already has).
 */
export async function postSignInForm(
  app: FastifyInstance,
  request: {
    url: string;
    fields: Record<string, string>;
    remoteAddress?: string;
    headers?: Record<string, string>;
    cookie?: string;
  },
) {
  const form = await signInFormToken(app, formPageOf(request.url) as '/console/login' | '/admin/login');
  return app.inject({
    method: 'POST',
    url: request.url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...request.headers,
      cookie: [form.cookie, request.cookie].filter(Boolean).join('; '),
    },
    payload: new URLSearchParams({ _csrf: form.csrfToken, ...request.fields }).toString(),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
}
