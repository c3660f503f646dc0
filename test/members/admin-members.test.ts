import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createAdmin, form, FORM, logIn } from '../admin/admin-helpers.js';
import { runAvsInProcess } from '../helpers/cli-in-process.js';
import { useTestContext } from '../helpers/test-app.js';
import { accept } from './member-helpers.js';

const context = useTestContext({ config: { AVS_PUBLIC_URL: 'https://avs.example.org' } });
let counter = 0;
const email = () => `person${++counter}-${Date.now()}@example.com`;
const newAccount = async () => (await createAccount(context.db, { name: `Dealer ${++counter}` })).id;

async function adminSession() {
  return logIn(context.app, (await createAdmin(context.db)).email);
}

describe('the admin API', () => {
  it('invites: 201 {invitation: {id, email, role, expires_at, …}, url}; lists, disables and revokes', async () => {
    const accountId = await newAccount();
    const { cookie, csrfToken } = await adminSession();
    const headers = { cookie, 'x-csrf-token': csrfToken };
    const address = email();
    const created = await context.app.inject({
      method: 'POST',
      url: `/admin/api/accounts/${accountId}/invitations`,
      headers,
      payload: { email: address.toUpperCase(), role: 'owner', display_name: 'Ada' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ invitation: { id: string; expires_at: string }; url: string }>();
    expect(body).toMatchObject({
      invitation: {
        id: expect.any(String),
        email: address,
        role: 'owner',
        state: 'pending',
        account_id: accountId,
      },
      url: expect.stringMatching(/^https:\/\/avs\.example\.org\/console\/invitations\/[A-Za-z0-9_-]{43}$/),
    });
    expect(Date.parse(body.invitation.expires_at)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    // The link is in that answer only.
    const invitations = await context.app.inject({
      url: `/admin/api/accounts/${accountId}/invitations`,
      headers,
    });
    expect(invitations.body).not.toContain(body.url.split('/').pop()!);
    expect(invitations.json().data).toHaveLength(1);

    const token = body.url.split('/').pop()!;
    expect((await accept(context.app, token)).statusCode).toBe(303);
    const members = await context.app.inject({ url: `/admin/api/accounts/${accountId}/members`, headers });
    expect(members.json().data).toEqual([
      expect.objectContaining({ email: address, display_name: 'Ada', role: 'owner', status: 'active' }),
    ]);
    const memberId = members.json<{ data: { id: string }[] }>().data[0]!.id;

    const lastOwner = await context.app.inject({
      method: 'POST',
      url: `/admin/api/accounts/${accountId}/members/${memberId}/disable`,
      headers,
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toMatchObject({ code: 'last_owner' });

    const second = await context.app.inject({
      method: 'POST',
      url: `/admin/api/accounts/${accountId}/invitations`,
      headers,
      payload: { email: email(), role: 'viewer' },
    });
    const revoked = await context.app.inject({
      method: 'POST',
      url: `/admin/api/accounts/${accountId}/invitations/${second.json<{ invitation: { id: string } }>().invitation.id}/revoke`,
      headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'revoked' });
    const { rows } = await context.db.query<{ action: string; actor_admin: boolean }>(
      'SELECT action, actor_admin FROM account_audit_log WHERE account_id = $1 ORDER BY created_at',
      [accountId],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'member.invited',
      'member.joined',
      'member.invited',
      'invitation.revoked',
    ]);
  });

  it('refuses a bad role (400), an unknown account (404), a write without the CSRF header (403)', async () => {
    const { cookie, csrfToken } = await adminSession();
    const accountId = await newAccount();
    const call = (url: string, payload: object, csrf = true) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: csrf ? { cookie, 'x-csrf-token': csrfToken } : { cookie },
        payload,
      });
    expect(
      (await call(`/admin/api/accounts/${accountId}/invitations`, { email: email(), role: 'king' }))
        .statusCode,
    ).toBe(400);
    const unknown = await call('/admin/api/accounts/00000000-0000-4000-8000-000000000000/invitations', {
      email: email(),
      role: 'owner',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'account_not_found' });
    expect(
      (await call(`/admin/api/accounts/${accountId}/invitations`, { email: email(), role: 'owner' }, false))
        .statusCode,
    ).toBe(403);
  });
});

describe('the admin account page', () => {
  it('lists members and invitations, invites (the link shown once), disables and revokes', async () => {
    const accountId = await newAccount();
    const { cookie, csrfToken } = await adminSession();
    const post = (url: string, fields: Record<string, string>) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM, cookie },
        payload: form({ _csrf: csrfToken, ...fields }),
      });
    const empty = await context.app.inject({ url: `/admin/accounts/${accountId}`, headers: { cookie } });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('invite the first owner');

    const address = email();
    const invited = await post(`/admin/accounts/${accountId}/invitations`, { email: address, role: 'owner' });
    expect(invited.statusCode).toBe(201);
    const url = /<code>(https:\/\/avs\.example\.org\/console\/invitations\/[^<]+)<\/code>/.exec(
      invited.body,
    )?.[1];
    expect(url).toBeDefined();
    const again = await context.app.inject({ url: `/admin/accounts/${accountId}`, headers: { cookie } });
    expect(again.body).not.toContain(url!);
    expect(again.body).toContain(address);
    expect(again.body).toContain('pending');

    const invitationId = /invitations\/([0-9a-f-]{36})\/revoke/.exec(again.body)![1]!;
    const revoked = await post(`/admin/accounts/${accountId}/invitations/${invitationId}/revoke`, {});
    expect(revoked.statusCode).toBe(303);
    const after = await context.app.inject({ url: `/admin/accounts/${accountId}`, headers: { cookie } });
    expect(after.body).toContain('Invitation revoked.');
    expect(after.body).toContain('revoked');

    const unknown = await context.app.inject({ url: '/admin/accounts/not-an-id', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('avs members invite', () => {
  it('--json prints exactly {invitation: {id, email, role, expires_at}, url}', async () => {
    const accountId = await newAccount();
    const address = email();
    const result = await runAvsInProcess(
      ['members', 'invite', '--account', accountId, '--email', address, '--role', 'editor', '--json'],
      { db: context.db, config: { AVS_PUBLIC_URL: 'https://avs.example.org' } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { invitation: Record<string, string>; url: string };
    expect(Object.keys(printed)).toEqual(['invitation', 'url']);
    expect(Object.keys(printed.invitation)).toEqual(['id', 'email', 'role', 'expires_at']);
    expect(printed.invitation).toMatchObject({ email: address, role: 'editor' });
    expect(printed.url).toMatch(/^https:\/\/avs\.example\.org\/console\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect((await accept(context.app, printed.url.split('/').pop()!)).statusCode).toBe(303);
  });

  it('without --json prints a line with the link; a missing option is a usage error', async () => {
    const accountId = await newAccount();
    const human = await runAvsInProcess(
      [
        'members',
        'invite',
        '--account',
        accountId,
        '--email',
        email(),
        '--role',
        'owner',
        '--display-name',
        'Bo',
      ],
      { db: context.db },
    );
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      /^Invited .* as owner .*: http:\/\/localhost:\d+\/console\/invitations\/\S+\n$/,
    );
    const usage = await runAvsInProcess(['members', 'invite', '--account', accountId], { db: context.db });
    expect(usage.code).toBe(2);
    const badRole = await runAvsInProcess(
      ['members', 'invite', '--account', accountId, '--email', email(), '--role', 'king'],
      { db: context.db },
    );
    expect(badRole.code).not.toBe(0);
    expect(badRole.stderr).toContain('not a role');
  });
});
