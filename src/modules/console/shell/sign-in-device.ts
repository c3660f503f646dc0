import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecretTokenShape, newSecretToken } from '../../web-pages/web-sessions.js';

/** A long-lived random value per browser: the browsers a person has signed in from (docs/members.md). */
const DEVICE_COOKIE = 'avs_device';
/** As long as a browser keeps a cookie (Chromium caps any at 400 days); each sign-in renews it. */
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The browser's device value: its cookie's, or a new one (kept by keepDeviceCookie once signed in). */
export function deviceToken(request: FastifyRequest): string {
  let device = request.cookies[DEVICE_COOKIE];
  if (!device || !isSecretTokenShape(device)) {
    device = newSecretToken();
    // The request's own from now on: one sign-in, one value.
    request.cookies[DEVICE_COOKIE] = device;
  }
  return device;
}

/** After a sign-in (after its session cookie, which stays the first one set): the device cookie, renewed. */
export function keepDeviceCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.setCookie(DEVICE_COOKIE, deviceToken(request), {
    path: '/console',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
}
