import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { inviteMember } from '../../src/modules/members/invitations.service.js';
import { linksIn, startMailServer, type MailServer } from '../helpers/mail-server.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { get, linkIn, mailsTo, pathOf, post, PUBLIC_URL, tokenOf } from './mail-helpers.js';
import { accept, cookieOf, csrfOf, freshAddress, joinedMember, signIn } from './member-helpers.js';

/**
 * The round-3 squat (docs/members.md, "What binds a person to an address"; test/members/invitation-squat.test.ts)
 * tried again once addresses can be proven by mail (issue #48, item 4). Account B's owner invites the address of
 * account A's invitee and opens B's link himself. He must not become the proven person of that address (the link
 * shown to him proves nothing; every proof goes to the address's mailbox), must never receive its mail, and must
 * never join, or be joined to, the victim's sign-in.
 */
const ATTACKER_PASSWORD = 'the squatter chose this one';
const VICTIM_PASSWORD = 'the invitee own passphrase';

let server: MailServer;
let context: TestContext;
let counter = 0;

beforeAll(async () => {
  server = await startMailServer();
  context = await createTestContext({ config: { ...server.config, AVS_PUBLIC_URL: PUBLIC_URL } });
});
afterAll(async () => {
  await context.close();
  await server.close();
});

const newAccount = async (name: string) => (await createAccount(context.db, { name })).id;

async function people(email: string) {
  const { rows } = await context.db.query<{ id: string; proven: boolean; accounts: string[] }>(
    `SELECT p.id, p.address_proven_at IS NOT NULL AS proven,
            array(SELECT m.account_id::text FROM account_members m WHERE m.person_id = p.id ORDER BY 1) AS accounts
     FROM people p WHERE p.email = $1 ORDER BY p.created_at`,
    [email],
  );
  return rows;
}

/** Every link any message to this address carried (its plain-text version), once the outbox is drained. */
async function linksMailedTo(address: string): Promise<string[]> {
  await context.app.mailWorker.drain();
  return server.received
    .filter((mail) => mail.to.includes(address))
    .flatMap((mail) => linksIn(mail.parsed.text ?? ''));
}

async function outbox(recipient: string, kind: string) {
  const { rows } = await context.db.query('SELECT id FROM mail_outbox WHERE recipient = $1 AND kind = $2', [
    recipient,
    kind,
  ]);
  return rows.length;
}

describe('the round-3 squat, tried again through proven addresses (issue #48)', () => {
  it('B’s owner never becomes the proven person of A’s invitee’s address, never receives its mail, never joins the victim', async () => {
    const suffix = ++counter;
    const victimAccount = await newAccount(`Victim Gallery ${suffix}`);
    const attackerAccount = await newAccount(`Squatter Dealer ${suffix}`);
    const victim = `victim${suffix}-${Date.now()}@example.org`;
    const attackerAddress = `squatter${suffix}-${Date.now()}@example.net`;
    const attacker = await joinedMember(context.app, context.db, attackerAccount, attackerAddress);

    // A's operator invites the victim: the invitation goes to the victim's mailbox.
    await inviteMember(context.db, {
      accountId: victimAccount,
      email: victim,
      role: 'editor',
      actor: { admin: true },
      baseUrl: PUBLIC_URL,
    });
    const [victimInvitation] = await mailsTo(context, server, victim);
    const victimLink = linkIn(victimInvitation!, '/console/invitations/');

    // B's owner invites the same address on his members page and opens the link the page shows him.
    const created = await post(context.app, '/console/members', attacker.cookie, {
      _csrf: attacker.csrf,
      email: victim,
      role: 'owner',
    });
    expect(created.statusCode).toBe(201);
    const shown = /<code id="invitation-link">([^<]+)<\/code>/.exec(created.body)![1]!;
    // B's invitation was mailed to the victim's address, with a link that is not the one shown to B's owner.
    const squatMail = (await mailsTo(context, server, victim, 2)).find((mail) =>
      mail.subject?.includes('Squatter Dealer'),
    )!;
    const mailedSquatLink = linkIn(squatMail, '/console/invitations/');
    expect(mailedSquatLink).not.toBe(shown);
    expect(await linksMailedTo(attackerAddress)).not.toContain(mailedSquatLink);
    const squatted = await accept(context.app, tokenOf(shown), ATTACKER_PASSWORD);
    expect(squatted.statusCode).toBe(303);
    const squatter = cookieOf(squatted);
    const squatterCsrf = await csrfOf(context.app, squatter);
    // Accepting from the shown link proved nothing; and the mailed one is used up with it.
    expect(await people(victim)).toEqual([
      expect.objectContaining({ proven: false, accounts: [victimAccount] }),
      expect.objectContaining({ proven: false, accounts: [attackerAccount] }),
    ]);
    expect((await get(context.app, pathOf(mailedSquatLink))).statusCode).toBe(410);

    // He asks to prove "his" address: the link goes to the victim's mailbox, never to him.
    expect(
      (await post(context.app, '/console/account/prove-address', squatter, { _csrf: squatterCsrf }))
        .statusCode,
    ).toBe(303);
    const proofLinks = (await linksMailedTo(victim)).filter((link) =>
      link.includes('/console/prove-address/'),
    );
    expect(proofLinks).toHaveLength(1);
    const proofLink = proofLinks[0]!;
    expect(await linksMailedTo(attackerAddress)).not.toContain(proofLink);
    // Holding the link would not do either: only his own session confirms it, and he has not got the link. A victim who
    // clicks it (not signed in) confirms nothing: the page asks for the sign-in that asked.
    const clicked = await get(context.app, pathOf(proofLink));
    expect(clicked.body).not.toContain(`action="${pathOf(proofLink)}"`);

    // Nobody proved the address: no sign-in link is sent to it, whatever he asks; he cannot join anyone.
    await postSignInForm(context.app, {
      url: '/console/email-sign-in',
      fields: { email: victim },
      remoteAddress: freshAddress(),
    });
    expect(await outbox(victim, 'sign_in_link')).toBe(0);
    const unprovenJoin = await post(context.app, '/console/account/join-sign-in', squatter, {
      _csrf: squatterCsrf,
      join_password: VICTIM_PASSWORD,
    });
    expect(unprovenJoin.statusCode).toBe(400);
    const passkeyJoin = await context.app.inject({
      method: 'POST',
      url: '/console/account/join-sign-in/passkey/options',
      headers: { cookie: squatter, 'x-csrf-token': squatterCsrf, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(passkeyJoin.statusCode).toBe(400);

    // The victim accepts A's invitation from the mailbox with their own password: the victim is the proven person.
    const joined = await accept(context.app, tokenOf(victimLink), VICTIM_PASSWORD);
    expect(joined.statusCode).toBe(303);
    const victimCookie = cookieOf(joined);
    const victimCsrf = await csrfOf(context.app, victimCookie);
    const [victimPerson, squatPerson] = await people(victim);
    expect(victimPerson).toMatchObject({ proven: true, accounts: [victimAccount] });
    expect(squatPerson).toMatchObject({ proven: false, accounts: [attackerAccount] });

    // The squatter's proof link, even clicked by the victim signed in, proves nothing for anyone.
    expect((await post(context.app, pathOf(proofLink), victimCookie, { _csrf: victimCsrf })).statusCode).toBe(
      403,
    );
    expect((await people(victim))[1]).toMatchObject({ proven: false });

    // A sign-in link asked for the victim's address now exists, in the victim's mailbox only.
    await postSignInForm(context.app, {
      url: '/console/email-sign-in',
      fields: { email: victim },
      remoteAddress: freshAddress(),
    });
    expect(await outbox(victim, 'sign_in_link')).toBe(1);
    const signInLink = (await linksMailedTo(victim)).find((link) =>
      link.includes('/console/email-sign-in/'),
    )!;
    expect(await linksMailedTo(attackerAddress)).not.toContain(signInLink);
    const opened = await postSignInForm(context.app, { url: pathOf(signInLink), fields: {} });
    expect(opened.statusCode).toBe(303);
    const viaLink = await get(context.app, '/console', cookieOf(opened));
    expect(viaLink.body).toContain(`Victim Gallery ${suffix}`);
    expect(viaLink.body).not.toContain(`Squatter Dealer ${suffix}`);

    // The squatter's password still opens B's sign-in of the address alone; joining from it is still refused.
    const again = await signIn(context.app, victim, ATTACKER_PASSWORD);
    expect(again.statusCode).toBe(303);
    const squatterHome = await get(context.app, '/console', cookieOf(again));
    expect(squatterHome.body).toContain(`Squatter Dealer ${suffix}`);
    expect(squatterHome.body).not.toContain(`Victim Gallery ${suffix}`);
    const laterJoin = await post(context.app, '/console/account/join-sign-in', cookieOf(again), {
      _csrf: await csrfOf(context.app, cookieOf(again)),
      join_password: VICTIM_PASSWORD,
    });
    expect(laterJoin.statusCode).toBe(400);

    // The victim is offered the other sign-in to join, but only its password (the squatter's) would join it.
    expect((await get(context.app, '/console/account', victimCookie)).body).toContain('One other sign-in');
    const guess = await post(context.app, '/console/account/join-sign-in', victimCookie, {
      _csrf: victimCsrf,
      join_password: VICTIM_PASSWORD,
    });
    expect(guess.statusCode).toBe(401);

    // A third account's invitation reaches the proven victim, whose password it asks for: the squatter's fails.
    const thirdAccount = await newAccount(`Third House ${suffix}`);
    const third = await inviteMember(context.db, {
      accountId: thirdAccount,
      email: victim,
      role: 'viewer',
      actor: { admin: true },
      baseUrl: PUBLIC_URL,
    });
    expect((await get(context.app, pathOf(third.url))).body).toContain('Your password');
    expect(
      (await accept(context.app, tokenOf(third.url), ATTACKER_PASSWORD, { again: null })).statusCode,
    ).toBe(401);

    // In the end: the victim alone is proven, with A; the squatter's sign-in has B and nothing else.
    expect(await people(victim)).toEqual([
      expect.objectContaining({ proven: true, accounts: [thirdAccount, victimAccount].sort() }),
      expect.objectContaining({ proven: false, accounts: [attackerAccount] }),
    ]);
  });
});
