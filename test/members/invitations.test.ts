import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import {
  inviteMember,
  listInvitations,
  revokeInvitation,
} from '../../src/modules/members/invitations.service.js';
import { useTestContext } from '../helpers/test-app.js';
import { accept, cookieOf, invite, MEMBER_PASSWORD, proveAddress, signIn } from './member-helpers.js';

const context = useTestContext();
let counter = 0;
const email = () => `invitee${++counter}-${Date.now()}@example.com`;
const newAccount = async () => (await createAccount(context.db, { name: `Gallery ${++counter}` })).id;

describe('an invitation link', () => {
  it('is 32 random bytes in the url, stored only as its SHA-256, valid 7 days', async () => {
    const accountId = await newAccount();
    const { token, invitation, url } = await invite(context.db, accountId, email(), 'editor');
    expect(url).toBe(`http://localhost:3000/console/invitations/${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const { rows } = await context.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM member_invitations WHERE id = $1',
      [invitation.id],
    );
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const days = (Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(invitation).toMatchObject({ role: 'editor', state: 'pending' });
  });

  it('shows the password form, accepts once, signs in; used again it is a plain 410 page', async () => {
    const accountId = await newAccount();
    const { token } = await invite(context.db, accountId, email());
    const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a password');
    expect(page.headers['cache-control']).toBe('no-store');

    const first = await accept(context.app, token);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/console');
    const home = await context.app.inject({
      method: 'GET',
      url: '/console',
      headers: { cookie: cookieOf(first) },
    });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('owner');

    const again = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.body).toContain('already been used');
    const secondAccept = await accept(context.app, token);
    expect(secondAccept.statusCode).toBe(410);
    expect(secondAccept.body).toContain('already been used');
  });

  it('expired: a 410 page saying so', async () => {
    const { token, invitation } = await invite(context.db, await newAccount(), email());
    await context.db.query(
      `UPDATE member_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [invitation.id],
    );
    const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('has expired');
    expect((await accept(context.app, token)).statusCode).toBe(410);
  });

  it('revoked: a 410 page saying so, and the revocation is audited', async () => {
    const accountId = await newAccount();
    const { token, invitation } = await invite(context.db, accountId, email());
    const revoked = await revokeInvitation(context.db, {
      accountId,
      invitationId: invitation.id,
      actor: { admin: true },
    });
    expect(revoked.state).toBe('revoked');
    const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('was withdrawn');
    await expect(
      revokeInvitation(context.db, { accountId, invitationId: invitation.id, actor: { admin: true } }),
    ).rejects.toMatchObject({ code: 'invitation_closed' });
    const { rows } = await context.db.query(
      `SELECT action, actor_admin FROM account_audit_log WHERE account_id = $1 ORDER BY created_at, action DESC`,
      [accountId],
    );
    expect(rows).toEqual([
      { action: 'member.invited', actor_admin: true },
      { action: 'invitation.revoked', actor_admin: true },
    ]);
  });

  it('an unknown or malformed token: a 404 page, never a 500', async () => {
    for (const token of ['x'.repeat(43), 'nope', '%00%01']) {
      const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('refuses a short, a common or a mistyped password on the page, and the link still works after', async () => {
    const { token } = await invite(context.db, await newAccount(), email());
    const short = await accept(context.app, token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 12 characters');
    const common = await accept(context.app, token, 'qwerty123456');
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('most used');
    const differ = await accept(context.app, token, MEMBER_PASSWORD, { again: `${MEMBER_PASSWORD}!` });
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain('differ');
    expect((await accept(context.app, token)).statusCode).toBe(303);
  });

  it('a person who proved the address and has a password (a member elsewhere) enters it to accept; then signs in with it', async () => {
    const address = email();
    const first = await newAccount();
    const second = await newAccount();
    expect((await accept(context.app, (await invite(context.db, first, address)).token)).statusCode).toBe(
      303,
    );
    // Only a proven address reaches the person another account's link made (test/members/invitation-squat.test.ts).
    await proveAddress(context.db, address);
    const { token } = await invite(context.db, second, address, 'viewer');
    const page = await context.app.inject({ method: 'GET', url: `/console/invitations/${token}` });
    expect(page.body).toContain('Your password');
    expect(page.body).not.toContain('Choose a password');
    const wrong = await accept(context.app, token, 'not the right password at all', { again: null });
    expect(wrong.statusCode).toBe(401);
    expect((await accept(context.app, token, MEMBER_PASSWORD, { again: null })).statusCode).toBe(303);
    expect((await signIn(context.app, address.toUpperCase())).statusCode).toBe(303);
  });

  it('an e-mail is one person whatever its case or compatibility form (NFKC, then case-folded)', async () => {
    const accountId = await newAccount();
    const { invitation } = await invite(context.db, accountId, 'Émile.Ｚola@Example.ORG');
    expect(invitation.email).toBe('émile.zola@example.org');
    const again = await invite(context.db, accountId, 'émile.zola@example.org', 'editor');
    expect(again.invitation.member_id).toBe(invitation.member_id);
    const list = await listInvitations(context.db, accountId, { admin: true });
    expect(list.map((item) => item.state)).toEqual(['pending', 'revoked']);
    await accept(context.app, again.token);
    await expect(
      inviteMember(context.db, {
        accountId,
        email: 'EMILE.zola@example.org'.replace('E', 'É'),
        role: 'viewer',
        actor: { admin: true },
        baseUrl: 'http://localhost',
      }),
    ).rejects.toMatchObject({ code: 'member_exists', statusCode: 409 });
  });
});
