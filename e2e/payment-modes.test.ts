import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@shop/contract/payments';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { journeys } from './support/journeys';

/** A journey's shop with a buyer who has just ordered a demo part: their credentials and the order. */
async function orderedBy(journey: ReturnType<typeof journeys>) {
  const buyer = {
    name: 'Meghna Electronics',
    email: `pay-${Date.now()}@meghna.example`,
    password: 'buyer-password-9',
  };
  expect((await journey.api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const token = await journey.tokenOf(buyer);
  const [part] = (await journey.api('/api/parts?limit=1')).json as unknown as {
    _id: string;
    min_order_quantity: number;
  }[];
  const order = await journey.api('/api/purchase', {
    method: 'POST',
    token,
    body: {
      partsId: part?._id,
      quantity: part?.min_order_quantity,
      mobile: '+880 1711 000222',
      address: 'Narayanganj',
    },
  });
  expect(order.status).toBe(201);
  return { buyer, orderId: order.json.insertedId as string };
}

describe('production with no card provider', () => {
  // PAYMENT_PROVIDER unset (empty) in production: the shop takes no cards.
  const journey = journeys({ env: { PAYMENT_PROVIDER: '' } });

  it('shows the buyer why there is no card form, on a desktop and a phone', async () => {
    const { buyer, orderId } = await orderedBy(journey);
    for (const [viewport, name] of [
      [undefined, 'payment-not-configured-desktop'],
      [PHONE, 'payment-not-configured-phone'],
    ] as const) {
      const page = await journey.signedIn(`/dashboard/payment/${orderId}`, buyer, viewport);
      await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
      await page.getByText(PAYMENTS_NOT_CONFIGURED_MESSAGE, { exact: true }).waitFor();
      expect(await page.getByLabel('Card number').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Pay' }).count()).toBe(0);
      expect(await page.getByText('Test mode').count()).toBe(0);
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, name);
    }
  });
});

describe('production with PAYMENT_PROVIDER=test', () => {
  const journey = journeys({ env: { PAYMENT_PROVIDER: 'test' } });

  it('says "Test mode" above the card form, on a desktop and a phone', async () => {
    const { buyer, orderId } = await orderedBy(journey);
    for (const [viewport, name] of [
      [undefined, 'payment-test-mode-desktop'],
      [PHONE, 'payment-test-mode-phone'],
    ] as const) {
      const page = await journey.signedIn(`/dashboard/payment/${orderId}`, buyer, viewport);
      await page.getByText('Test mode', { exact: true }).waitFor();
      await page.getByLabel('Card number').waitFor();
      expect(await seriousAccessibilityProblems(page)).toEqual([]);
      await screenshot(page, name);
    }
  });
});
