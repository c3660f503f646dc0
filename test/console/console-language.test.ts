import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import { createApiKey } from '../../src/modules/keys/keys.service.js';
import { form, FORM } from '../admin/admin-helpers.js';
import { englishOutsideCatalogue, textOfPage } from '../helpers/pseudo-language.js';
import { postSignInForm } from '../helpers/sign-in-forms.js';
import { useTestContext } from '../helpers/test-app.js';
import { invite, joinedMember, MEMBER_PASSWORD, proveAddress } from '../members/member-helpers.js';

// A member's own language (people.language, docs/languages.md): chosen on "Your account" or at the foot of any page,
// it speaks on the next page, over the browser's Accept-Language; `?lang=` still overrides it for a page. And the
// pages of the console's shell, members, keys, audit, account, sign-in and invitation take every word from the
// catalogue: drawn in the pseudo language, no English shows outside ⟦ ⟧.

const context = useTestContext();
let counter = 0;
const email = () => `person${++counter}-${randomUUID().slice(0, 8)}@example.com`;
const newAccount = async (name = `Galerie ${++counter}`) => (await createAccount(context.db, { name })).id;

function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return context.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}
function post(
  url: string,
  cookie: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return context.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, ...headers, cookie },
    payload: form(fields),
  });
}

/** The account page's language choice, an option a line: `*` when selected, its value, its lang, then its name. */
function languageChoice(body: string): string[] {
  const select = /<select id="language" name="language"[^>]*>([\s\S]*?)<\/select>/.exec(body)![1]!;
  return [
    ...select.matchAll(
      /<option\s+value="([^"]*)"\s*(?:lang="([^"]*)")?\s*(selected)?\s*>\s*([^<]*?)\s*<\/option>/g,
    ),
  ].map(([, value, lang, selected, name]) => `${selected ? '*' : ''}${value} ${lang ?? ''}: ${name}`);
}

const langOf = (body: string) => /<html lang="([^"]+)">/.exec(body)?.[1];
const h1Of = (body: string) => /<h1>([^<]*)<\/h1>/.exec(body)?.[1];

async function storedLanguage(address: string): Promise<string | null> {
  const { rows } = await context.db.query<{ language: string | null }>(
    'SELECT language FROM people WHERE email = $1',
    [address],
  );
  return rows[0]!.language;
}

function chooseLanguage(
  member: { cookie: string; csrf: string },
  language: string,
  returnTo?: string,
  headers: Record<string, string> = {},
) {
  return post(
    '/console/account/language',
    member.cookie,
    { _csrf: member.csrf, language, ...(returnTo === undefined ? {} : { return_to: returnTo }) },
    headers,
  );
}

describe('a member’s language', () => {
  it('choosing Français on “Your account” makes the console French on the next page, whatever the browser asks', async () => {
    const address = email();
    const member = await joinedMember(context.app, context.db, await newAccount(), address, 'viewer');
    const account = await get('/console/account', member.cookie);
    expect(langOf(account.body)).toBe('en');
    // The choice: the browser's language (selected, as nothing is chosen yet), then each language in itself.
    expect(languageChoice(account.body)).toEqual([
      '* : Your browser’s language',
      'en en: English',
      'fr fr: Français',
      'de de: Deutsch',
      'it it: Italiano',
      'ja ja: 日本語',
    ]);

    const saved = await chooseLanguage(member, 'fr', '/console/account');
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/console/account');
    expect(String(saved.headers['set-cookie'])).toContain('avs_lang=fr;');
    expect(await storedLanguage(address)).toBe('fr');

    // The next page, from a browser that asks for German and sends no language cookie: the member's choice wins.
    const french = await get('/console/account', member.cookie, { 'accept-language': 'de' });
    expect(langOf(french.body)).toBe('fr');
    expect(h1Of(french.body)).toBe('Votre compte');
    expect(french.body).toContain('Votre choix de langue est enregistré.');
    expect(languageChoice(french.body)).toContain('*fr fr: Français');
    expect(langOf((await get('/console/transfers', member.cookie)).body)).toBe('fr');
  });

  it('Accept-Language: de without a choice gives German; “your browser’s language” forgets a choice and its cookie', async () => {
    const address = email();
    const member = await joinedMember(context.app, context.db, await newAccount(), address);
    const german = await get('/console/account', member.cookie, {
      'accept-language': 'de-CH, de;q=0.9, en;q=0.5',
    });
    expect(langOf(german.body)).toBe('de');
    expect(h1Of(german.body)).toBe('Ihr Konto');

    expect((await chooseLanguage(member, 'it')).statusCode).toBe(303);
    expect(langOf((await get('/console/account', member.cookie, { 'accept-language': 'de' })).body)).toBe(
      'it',
    );

    const forgotten = await chooseLanguage(member, '', undefined, { 'accept-language': 'de' });
    expect(forgotten.statusCode).toBe(303);
    expect(String(forgotten.headers['set-cookie'])).toMatch(/avs_lang=; Path=\/; Max-Age=0/);
    expect(await storedLanguage(address)).toBeNull();
    const again = await get('/console/account', member.cookie, { 'accept-language': 'de' });
    expect(langOf(again.body)).toBe('de');
    // The notice is said in the language of the page it is read on.
    expect(again.body).toContain('Ihre Sprachwahl ist gespeichert.');
    expect(langOf((await get('/console/account', member.cookie)).body)).toBe('en');
  });

  it('?lang=ja in the address overrides the member’s choice for that page', async () => {
    const member = await joinedMember(context.app, context.db, await newAccount(), email());
    expect((await chooseLanguage(member, 'fr')).statusCode).toBe(303);
    const japanese = await get('/console/account?lang=ja', member.cookie);
    expect(langOf(japanese.body)).toBe('ja');
    expect(h1Of(japanese.body)).toBe('マイアカウント');
    expect(langOf((await get('/console/keys', member.cookie)).body)).toBe('fr');
  });

  it('the switcher at the foot of every page comes back to that page, and only to a console page', async () => {
    const member = await joinedMember(context.app, context.db, await newAccount(), email());
    const keys = await get('/console/keys?lang=de&x=1', member.cookie);
    // Back to the page without its ?lang=, which would override the choice just made.
    expect(keys.body).toMatch(
      /<footer class="site-footer">\s*<form class="switcher" method="post" action="\/console\/account\/language">[\s\S]*?<input type="hidden" name="return_to" value="\/console\/keys\?x=1" \/>[\s\S]*?<select id="footer-language" name="language">/,
    );
    const back = await chooseLanguage(member, 'ja', '/console/keys?lang=de&x=1');
    expect(back.headers.location).toBe('/console/keys?x=1');
    for (const elsewhere of [
      'https://evil.example/console',
      '//evil.example/console',
      '/\\evil.example/console',
      '/admin',
      '/console/../admin',
      '/consoleevil',
      'javascript:alert(1)',
    ]) {
      const answer = await chooseLanguage(member, 'ja', elsewhere);
      expect(answer.statusCode, elsewhere).toBe(303);
      expect(answer.headers.location, elsewhere).toBe('/console/account');
    }
  });

  it('before sign-in, the sign-in and invitation pages offer the five languages as links to themselves', async () => {
    const invitation = await invite(context.db, await newAccount(), email(), 'viewer');
    for (const url of ['/console/login', `/console/invitations/${invitation.token}`]) {
      const page = await get(`${url}?lang=it`);
      expect(langOf(page.body), url).toBe('it');
      const links = [
        ...page.body.matchAll(
          /<a\s+href="\?lang=(\w+)"\s+lang="\1"\s+hreflang="\1"\s*(aria-current="true")?\s*>([^<]+)<\/a/g,
        ),
      ];
      expect(
        links.map(([, code, current, name]) => `${code}${current ? '*' : ''} ${name}`),
        url,
      ).toEqual(['en English', 'fr Français', 'de Deutsch', 'it* Italiano', 'ja 日本語']);
    }
  });

  it('refuses a language the console does not speak, and a choice without the session’s token', async () => {
    const address = email();
    const member = await joinedMember(context.app, context.db, await newAccount(), address);
    for (const language of ['es', 'en-XA', 'fr-FR']) {
      expect((await chooseLanguage(member, language)).statusCode, language).toBe(400);
    }
    const forged = await post('/console/account/language', member.cookie, { language: 'fr' });
    expect(forged.statusCode).toBe(403);
    expect(await storedLanguage(address)).toBeNull();
    expect((await post('/console/account/language', '', { language: 'fr' })).statusCode).toBe(303);
    expect(await storedLanguage(address)).toBeNull();
  });
});

describe('the pseudo language on the shell’s, members’, keys’, audit’s and account’s pages', () => {
  const SERVICE = 'Asset Verification Service';
  const PSEUDO = { cookie: 'avs_lang=en-XA' };

  function expectAllFromCatalogue(page: { statusCode: number; body: string }, data: string[], what: string) {
    expect(langOf(page.body), what).toBe('en-XA');
    expect(englishOutsideCatalogue(textOfPage(page.body), [SERVICE, ...data]), what).toEqual([]);
  }

  it('signed-in pages: account, members, disabling a member who made keys, keys, a new key, revoking one, audit', async () => {
    const gallery = 'Galerie Lumière';
    const accountId = await newAccount(gallery);
    const owner = await joinedMember(context.app, context.db, accountId, email());
    const editor = await joinedMember(context.app, context.db, accountId, email(), 'editor');
    await invite(context.db, accountId, email(), 'viewer');
    const made = await createApiKey(context.db, {
      accountId,
      actor: { memberId: editor.memberId, accountId },
      name: 'Website sync',
      planetScope: ['artworks'],
    });
    const shop = await createApiKey(context.db, { accountId, actor: { admin: true }, name: 'Shop' });
    const data = [gallery, 'Website sync', 'Shop', made.prefix, shop.prefix];
    const cookie = `${owner.cookie}; ${PSEUDO.cookie}`;

    // A change first, so that its notice (kept in the session) is drawn too.
    const changed = await post(`/console/members/${editor.memberId}/role?lang=en-XA`, owner.cookie, {
      _csrf: owner.csrf,
      role: 'editor',
    });
    expect(changed.statusCode).toBe(303);
    for (const url of ['/console/account', '/console/members', '/console/keys', '/console/audit']) {
      const page = await get(url, cookie);
      expect(page.statusCode, url).toBe(200);
      expectAllFromCatalogue(page, data, url);
    }
    expect((await get('/console/keys', cookie)).body).toContain('data-key-id');

    const disabling = await post(`/console/members/${editor.memberId}/disable`, cookie, {
      _csrf: owner.csrf,
    });
    expect(disabling.body).toContain('name="keys_decided"');
    expectAllFromCatalogue(disabling, data, 'disable a member');

    const created = await post('/console/keys', cookie, {
      _csrf: owner.csrf,
      name: 'Shop two',
      scope: 'all',
    });
    expect(created.statusCode).toBe(201);
    const secret = /<output id="new-api-key"[^>]*>([^<]+)<\/output>/.exec(created.body)![1]!;
    data.push('Shop two', secret, secret.slice(0, made.prefix.length));
    expectAllFromCatalogue(created, data, 'a new key');

    const revoke = await get(`/console/keys/${made.id}/revoke`, cookie);
    expectAllFromCatalogue(revoke, data, 'revoke a key');

    const revoked = await post(`/console/keys/${made.id}/revoke`, cookie, { _csrf: owner.csrf });
    expect(revoked.statusCode).toBe(303);
    expectAllFromCatalogue(await get('/console/keys', cookie), data, 'keys after a revocation');
    expectAllFromCatalogue(await get('/console/audit', cookie), data, 'audit after a revocation');
  });

  it('pages before sign-in: sign-in, sign-in as someone else, each invitation, an error page', async () => {
    const accountId = await newAccount('Maison de Ventes');
    const data = ['Maison de Ventes'];
    expectAllFromCatalogue(await get('/console/login', undefined, PSEUDO), data, 'sign-in');
    expectAllFromCatalogue(await get('/console/no-such-page', undefined, PSEUDO), data, 'not found');

    // A new person, a member elsewhere with a password: their invitations ask for different things.
    const fresh = await invite(context.db, accountId, email(), 'editor');
    expectAllFromCatalogue(
      await get(`/console/invitations/${fresh.token}`, undefined, PSEUDO),
      data,
      'invitation',
    );
    const known = email();
    await joinedMember(context.app, context.db, await newAccount('Autre Galerie'), known);
    await proveAddress(context.db, known);
    const second = await invite(context.db, accountId, known, 'viewer');
    expectAllFromCatalogue(
      await get(`/console/invitations/${second.token}`, undefined, PSEUDO),
      data,
      'invitation of a member elsewhere',
    );

    // Signed in as one person, signing in as another asks first.
    const one = await joinedMember(context.app, context.db, accountId, email());
    const other = email();
    await joinedMember(context.app, context.db, await newAccount('Autre Galerie'), other);
    const asked = await postSignInForm(context.app, {
      url: '/console/login',
      fields: { email: other, password: MEMBER_PASSWORD },
      cookie: `${one.cookie}; ${PSEUDO.cookie}`,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('name="switch"');
    expectAllFromCatalogue(asked, [...data, 'Autre Galerie'], 'sign in as someone else');

    const refused = await postSignInForm(context.app, {
      url: '/console/login',
      fields: { email: other, password: 'not the password at all' },
      cookie: PSEUDO.cookie,
    });
    expect(refused.statusCode).toBe(401);
    expectAllFromCatalogue(refused, data, 'a refused sign-in');
  });
});
