import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/accounts/accounts.service.js';
import {
  expectAccessibleAndFitting,
  launchChromium,
  listenLocally,
  openPage,
  PAGE_VIEWPORTS,
} from '../helpers/browser.js';
import { useTestContext } from '../helpers/test-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { LOCAL_DELIVERY, startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { joinedMember } from '../members/member-helpers.js';

const context = useTestContext({ config: LOCAL_DELIVERY });
let browser: Browser;
let baseUrl: string;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  baseUrl = await listenLocally(context.app);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

const check = expectAccessibleAndFitting;

describe("the developers' corner in a browser", () => {
  it.each(PAGE_VIEWPORTS)(
    'an editor registers a webhook, sends a test event, reads the log and the feed; axe finds nothing serious, nothing overflows (%s)',
    async (_name, viewport) => {
      const accountId = (await createAccount(context.db, { name: `Corner ${viewport.width}` })).id;
      const editor = await joinedMember(
        context.app,
        context.db,
        accountId,
        `corner-${viewport.width}@example.com`,
        'editor',
      );
      const browserContext = await browser.newContext({ viewport, isMobile: viewport.width < 500 });
      const [name, value] = editor.cookie.split('=') as [string, string];
      await browserContext.addCookies([{ name, value, url: `${baseUrl}/console` }]);

      const index = await openPage(browserContext, `${baseUrl}/console/developers`);
      await check(index);
      await index.getByRole('link', { name: 'Webhooks' }).first().click();
      await index.waitForURL(`${baseUrl}/console/developers/webhooks`);
      await check(index);
      await index.getByLabel('URL').fill(receiver.url);
      await index.getByLabel('watch.triggered').check();
      await index.getByRole('button', { name: 'Register webhook' }).click();
      await index.waitForLoadState();
      expect(await index.locator('#webhook-secret').textContent()).toMatch(/^whsec_/);
      await check(index);

      await index.getByRole('link', { name: /^Delivery log/ }).click();
      await index.getByRole('button', { name: 'Send test event' }).click();
      await index.waitForLoadState();
      expect(await index.getByRole('status').textContent()).toContain('Test event queued');
      await waitFor(() => receiver.received.some((request) => request.body.includes('webhook.test')));
      await index.reload();
      expect(await index.locator('tr[data-delivery-id]').count()).toBeGreaterThan(0);
      await check(index);

      // An event with a long payload for the feed, its data opened.
      const key = await context.createApiKey(accountId);
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/v1/assets/artworks',
        headers: { authorization: `Bearer ${key.key}` },
        payload: { title: 'A rather long title '.repeat(8), artist: 'A. Painter', year: 1901 },
      });
      expect(created.statusCode).toBe(201);
      const events = await openPage(browserContext, `${baseUrl}/console/developers/events`);
      await events.getByText('Show data').first().click();
      await check(events);
      const sdk = await openPage(browserContext, `${baseUrl}/console/developers/sdk`);
      await check(sdk);
      await browserContext.close();
    },
  );
});
