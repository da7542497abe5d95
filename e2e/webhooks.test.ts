import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

const admin = { email: 'hooks-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = {
  name: 'Karnaphuli Automation',
  email: 'erp@karnaphuli.example',
  password: 'buyer-password-7',
};
const journey = journeys({
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    // The buyer's system in this journey answers on plain http on this machine.
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});
const { signedIn, api, tokenOf } = journey;

/** The buyer's own system: refuses the first delivery, takes the next ones, keeps what it got. */
const received: { signature: string; body: string }[] = [];
let receiver: Server;
let hookUrl = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-shop-signature'] ?? ''), body });
      res.statusCode = received.length === 1 ? 500 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/shop-events`;
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe("a buyer's webhooks", () => {
  it('adds one, sees its secret once, reads a refused delivery, sends it again and deletes it', async () => {
    const page = await signedIn('/dashboard/webhooks', buyer);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No webhooks yet: add one above.').waitFor();
    await page.getByLabel('URL').fill(hookUrl);
    await page.getByLabel(/An order is paid/).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const shown = page.getByRole('alert').filter({ hasText: 'signing secret' });
    const secret = (await shown.locator('code').first().textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(16);
    const row = page.getByRole('row').filter({ hasText: hookUrl });
    await row.getByText('order.paid').waitFor();

    // An order is placed: the shop tells the buyer's system, which refuses the first time.
    const admins = await tokenOf(admin);
    const part = await journey.addPart(admins, {
      name: 'Signal Relay 24 V',
      price: 12,
      available: 100,
      min: 1,
      desc: 'A part for the webhook journey',
    });
    const placed = await api('/api/purchase', {
      method: 'POST',
      token: await tokenOf(buyer),
      body: { partsId: part._id, quantity: 5, mobile: '+880 1712 345678', address: 'Chattogram' },
    });
    expect(placed.status).toBe(201);

    await row.getByRole('button', { name: `Deliveries to ${hookUrl}` }).click();
    const deliveries = page.getByRole('region', { name: `Deliveries to ${hookUrl}` });
    const delivery = deliveries.getByRole('row').filter({ hasText: 'order.created' });
    // The shop's sender goes every 15 seconds; the page reads a pending delivery again meanwhile.
    await delivery.getByText(/HTTP 500/).waitFor({ timeout: 40_000 });
    await delivery.getByText('Pending').waitFor();
    const [first] = received;
    const t = /^t=(\d+),v1=([0-9a-f]+)$/.exec(first?.signature ?? '');
    expect(t?.[2]).toBe(createHmac('sha256', secret).update(`${t?.[1]}.${first?.body}`).digest('hex'));
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'webhooks-1280');

    await delivery.getByRole('button', { name: /^Send again: order.created/ }).click();
    await page.getByText('It will be sent again within a minute').waitFor();
    // Sent again at the sender's next round, the buyer's system takes it this time.
    await delivery.getByText('Delivered').waitFor({ timeout: 40_000 });
    await delivery.getByText(/HTTP 200/).waitFor();
    await shown.getByRole('button', { name: 'I have kept it' }).click();
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: `Delete the webhook to ${hookUrl}` }).click();
    await page.getByRole('dialog').getByText(`Delete the webhook to ${hookUrl}`).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('No webhooks yet: add one above.').waitFor();
    expect((await api('/api/webhooks', { token: await tokenOf(buyer) })).json).toEqual([]);
  });

  it('reads well on a phone', async () => {
    const page = await signedIn('/dashboard/webhooks', buyer, PHONE);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByLabel('URL').fill(hookUrl);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('alert').filter({ hasText: 'signing secret' }).waitFor();
    await page.getByRole('row').filter({ hasText: hookUrl }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'webhooks-375');
  });
});
