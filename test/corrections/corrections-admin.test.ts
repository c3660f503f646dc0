import { describe, expect, it } from 'vitest';
import { createAdmin, createPendingAsset, form, FORM, logIn } from '../admin/admin-helpers.js';
import { CREDENTIALS_TEST_CONFIG, moveCertificate } from '../credentials/credential-helpers.js';
import { englishOutsideCatalogue, textOfPage } from '../helpers/pseudo-language.js';
import { useTestContext } from '../helpers/test-app.js';

const context = useTestContext({ config: CREDENTIALS_TEST_CONFIG });

async function openRequest(fields: Record<string, unknown>, reason: string) {
  const owner = await context.createAccountWithKey();
  const asset = await createPendingAsset(context.db, owner.accountId, {
    title: 'The Magpie',
    attributes: { artist: 'Claude Monet', medium: 'Oil on canvas', year: 1868 },
  });
  await moveCertificate(context.app, asset.certificateNumber, 'issue');
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/v1/assets/artworks/${asset.id}/corrections`,
    headers: owner.auth,
    payload: { fields, reason },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, asset, id: response.json<{ id: string }>().id };
}

describe('the operator’s corrections pages', () => {
  it('lists the open requests, shows one beside the record as a diff, and approves or refuses it', async () => {
    const session = await logIn(context.app, (await createAdmin(context.db)).email);
    const page = (url: string) =>
      context.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
    const post = (url: string, fields: Record<string, string>) =>
      context.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM, cookie: session.cookie },
        payload: form({ _csrf: session.csrfToken, ...fields }),
      });

    const approved = await openRequest({ year: 1869 }, 'Dated 1868–69 by the catalogue raisonné.');
    const refused = await openRequest({ title: 'La Pie' }, 'The French title.');

    const list = await page('/admin/corrections');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`data-correction="${approved.id}"`);
    expect(list.body).toContain(approved.asset.certificateNumber);

    const one = await page(`/admin/corrections/${approved.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('data-field="year"');
    expect(one.body).toMatch(/1868[\s\S]*1869/);
    expect(one.body).toContain('Dated 1868–69 by the catalogue raisonné.');

    // The pseudo language: every word of the two pages from the catalogue.
    for (const url of ['/admin/corrections', `/admin/corrections/${approved.id}`]) {
      const pseudo = await page(`${url}?lang=en-XA`);
      expect(pseudo.statusCode).toBe(200);
      const data = [
        'The Magpie',
        'Dated 1868–69 by the catalogue raisonné.',
        'The French title.',
        'Asset Verification Service',
      ];
      expect(englishOutsideCatalogue(textOfPage(pseudo.body), data), url).toEqual([]);
    }

    // Refusing needs a reason.
    const noReason = await post(`/admin/corrections/${refused.id}/refuse`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const refusal = await post(`/admin/corrections/${refused.id}/refuse`, {
      reason: 'Registered title kept.',
    });
    expect(refusal.statusCode).toBe(303);
    const approval = await post(`/admin/corrections/${approved.id}/approve`, { reason: '' });
    expect(approval.statusCode).toBe(303);

    const asset = (id: string, auth: { authorization: string }) =>
      context.app.inject({ method: 'GET', url: `/api/v1/assets/artworks/${id}`, headers: auth });
    expect((await asset(approved.asset.id, approved.owner.auth)).json()).toMatchObject({ year: 1869 });
    expect((await asset(refused.asset.id, refused.owner.auth)).json()).toMatchObject({ title: 'The Magpie' });
    // The history says what the correction changed, in words.
    const history = await page(`/admin/assets/artworks/${approved.asset.id}`);
    expect(history.body).toMatch(/changed[^<]*year[^<]*1868[^<]*1869/i);
    expect(history.body).not.toContain('cannot describe yet');

    const decided = await page(`/admin/corrections/${refused.id}`);
    expect(decided.body).toContain('data-status="refused"');
    expect(decided.body).toContain('Registered title kept.');
    expect((await page('/admin/corrections')).body).not.toContain(`data-correction="${approved.id}"`);
  });
});
