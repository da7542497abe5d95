import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { fillTestCard, journeys } from './support/journeys';

const admin = { email: 'orders-admin@parts-shop.example', password: 'admin-password-3' };
const buyer = {
  name: 'Karnaphuli Assemblies',
  email: 'buyer@karnaphuli.example',
  password: 'buyer-password-3',
};

const journey = journeys({
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    // The buyer here never verifies (no mail): let their unpaid orders hold more than an
    // unverified account may by default, to reach the payment page's amount limit
    // (orders/unverified-holds.test.ts holds that cap).
    UNPAID_ORDER_VALUE_UNVERIFIED: '1000000',
    // And hold the many orders a card may pay that take a part's stock down below its minimum.
    UNPAID_ORDERS_PER_BUYER: '100',
  },
  // Declines and the amount limit answer 402 and 422 on purpose.
  expectedProblems: /status of (402|422)/,
});
const { signedIn, api, tokenOf } = journey;
let part: { _id: string; name: string };
let bigPart: { _id: string; name: string };

beforeAll(async () => {
  expect((await api('/api/auth/signup', { method: 'POST', body: buyer })).status).toBe(201);
  const token = await tokenOf(admin);
  const stock = { available: 500, min: 10, desc: 'A part for the order journeys' };
  part = await journey.addPart(token, { name: 'Crimping Tool for Dupont Connectors', price: 9, ...stock });
  bigPart = await journey.addPart(token, { name: 'Benchtop Reflow Oven 1500 W', price: 400, ...stock });
});
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const available = async (id: string) => (await api(`/api/partsById?id=${id}`)).json.available_quantity;

async function buy(page: Page, partId: string, quantity: string) {
  await page.goto(`/purchase/${partId}`);
  await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
  await page.getByLabel('Quantity').fill(quantity);
  await page.getByLabel('Mobile').fill('+880 1819 000111');
  await page.getByLabel('Address').fill('Plot 7, CEPZ, Chattogram');
  await page.getByRole('button', { name: 'Buy' }).click();
  await toast(page, 'Item Purchased Successfull. Please pay for confirm order').waitFor();
  await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
}

describe('a buyer ordering', () => {
  it('stays within the range, buys, pays with 4242 and sees Paid', async () => {
    const page = await signedIn(`/purchase/${part._id}`, buyer);
    await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
    const quantity = page.getByLabel('Quantity');
    await expect.poll(() => quantity.inputValue()).toBe('10');
    expect(await page.getByLabel('Name').inputValue()).toBe(buyer.name);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Mobile').getAttribute('placeholder')).toBe('+880');
    const buyButton = page.getByRole('button', { name: 'Buy' });
    for (const outside of ['9', '501']) {
      await quantity.fill(outside);
      await page.getByText('You have to place order in our given range', { exact: true }).waitFor();
      expect(await buyButton.isDisabled()).toBe(true);
    }
    await quantity.fill('20');
    expect(await buyButton.isEnabled()).toBe(true);
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Terms of sale' }).getAttribute('href'),
    ).toBe('/terms');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'purchase-desktop');
    await buy(page, part._id, '20');
    expect(await available(part._id)).toBe(480);

    const row = page.getByRole('row').filter({ hasText: part.name });
    await row.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    await page.getByText('$180').waitFor();
    await fillTestCard(page);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'payment-desktop');
    await page.getByRole('button', { name: 'Pay' }).click();
    await toast(page, /^Payment Complete\. paymentId: pi_test_\w+$/).waitFor();

    await page.getByRole('link', { name: 'Back to My Order' }).click();
    const paidRow = page.getByRole('row').filter({ hasText: part.name });
    await paidRow.getByText('Paid', { exact: true }).waitFor();
    expect(await paidRow.getByText(/^pi_test_/).count()).toBe(1);
    expect(await paidRow.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await screenshot(page, 'my-order-desktop');
  });

  it('buys from the purchase page opened afresh, then pays on its payment page opened afresh', async () => {
    const page = await signedIn(`/purchase/${part._id}`, buyer);
    await page.getByRole('heading', { level: 2, name: part.name }).waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(buyer.name);
    await page.getByLabel('Quantity').fill('30');
    await page.getByLabel('Mobile').fill('+880 1819 000222');
    await page.getByLabel('Address').fill('Plot 9, CEPZ, Chattogram');
    const before = await available(part._id);
    await page.getByRole('button', { name: 'Buy' }).click();
    await toast(page, 'Item Purchased Successfull. Please pay for confirm order').waitFor();
    await page.getByRole('heading', { level: 1, name: 'My Order' }).waitFor();
    expect(await available(part._id)).toBe(Number(before) - 30);

    // Its payment page opened afresh (as from a bookmark): the app reads the order and prepares
    // the payment, and the card pays.
    const pay = page.getByRole('row').filter({ hasText: '30 pcs' }).getByRole('link', { name: 'Pay' });
    await page.goto((await pay.getAttribute('href')) ?? '');
    await page.getByText(`Hello, ${buyer.name}`).waitFor();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await toast(page, /^Payment Complete\. paymentId: pi_test_\w+$/).waitFor();
  });

  it('is told when the card is declined, and the order stays unpaid', async () => {
    const page = await signedIn('/', buyer);
    await buy(page, part._id, '10');
    await page.getByRole('link', { name: 'Pay', exact: true }).first().click();
    await fillTestCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await alert.waitFor();
    await screenshot(page, 'payment-declined-desktop');
    // Mistakes are told in words, before anything is sent.
    await page.getByLabel('Expiry (MM/YY)').fill('13/34');
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('Enter the expiry as MM/YY, such as 04/29', { exact: true }).waitFor();
    await page.getByText('The card number is not valid', { exact: true }).waitFor();
    await page.getByLabel('Expiry (MM/YY)').fill('01/20');
    await page.getByText('The card has expired', { exact: true }).waitFor();
  });

  it('on a phone: the card form speaks in words, and Are you sure? names the order, within the screen', async () => {
    const page = await signedIn('/', buyer, PHONE);
    await buy(page, part._id, '10');
    await page.getByRole('link', { name: 'Pay', exact: true }).first().click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('01/20');
    await page.getByLabel('CVC').fill('12');
    await page.getByRole('button', { name: 'Pay' }).click();
    for (const words of [
      'The card number is not valid',
      'The card has expired',
      'Enter the 3 or 4 digits of the CVC',
    ])
      await page.getByText(words, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'card-words-phone');

    await page.goto('/dashboard/my-order');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Cancel' }) })
      .first();
    await row.getByRole('button', { name: 'Cancel' }).click();
    const question = page.getByRole('dialog', { name: 'Are you sure?' });
    await question
      .getByText(/^Cancel order SO-\d{6} \(.+, 10 pcs\)\. Its pieces go back to stock\.$/)
      .waitFor();
    const box = await question.locator('.modal-box').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await screenshot(page, 'cancel-question-phone');
    await question.getByRole('button', { name: 'no' }).click();
  });

  it('cancels an unpaid order after Are you sure?, and its pieces return', async () => {
    const page = await signedIn('/', buyer);
    const before = await available(part._id);
    await buy(page, part._id, '15');
    expect(await available(part._id)).toBe(Number(before) - 15);
    const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Cancel' }) });
    await rows.first().waitFor();
    const count = await rows.count();
    await rows.first().getByRole('button', { name: 'Cancel' }).click();
    // The question names what Yes does, to which order.
    const question = page.getByRole('dialog', { name: 'Are you sure?' });
    await question
      .getByText(/^Cancel order SO-\d{6} \(.+, 15 pcs\)\. Its pieces go back to stock\.$/)
      .waitFor();
    await screenshot(page, 'cancel-question-desktop');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => rows.count()).toBe(count - 1);
    expect(await available(part._id)).toBe(before);
  });

  it('cannot order above 9,999.99 by card: the page says Amount Limit Crossed and sends them to a quote for it', async () => {
    const page = await signedIn('/', buyer, PHONE);
    await page.goto(`/purchase/${bigPart._id}`);
    await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
    await page.getByLabel('Quantity').fill('30');
    const alert = page.getByRole('alert').filter({ hasText: 'Amount Limit Crossed. Limit: 9,999.99/-' });
    await alert.waitFor();
    expect(await page.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    await screenshot(page, 'purchase-limit-phone');
    await alert.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL(/\/quotes\/new\?/);
    expect(new URL(page.url()).searchParams.get('lines')).toContain(`${bigPart._id}:30`);
  });
});

describe('parts that cannot be ordered, and buying again', () => {
  it('shows Out of stock and no Buy button once fewer pieces are left than the minimum', async () => {
    const buyerToken = await tokenOf(buyer);
    const [first] = (await (await fetch(`${journey.baseUrl}/api/parts?limit=1`)).json()) as {
      _id: string;
      name: string;
      price_per_piece: number;
      available_quantity: number;
      min_order_quantity: number;
    }[];
    if (!first) throw new Error('no demo part');
    // All but min − 1 pieces, in orders a card may pay (each at most $9,999), of equal size.
    const wanted = first.available_quantity - (first.min_order_quantity - 1);
    const orders = Math.ceil(wanted / Math.floor(9_999 / first.price_per_piece));
    for (let i = 0; i < orders; i++) {
      const placed = await api('/api/purchase', {
        method: 'POST',
        token: buyerToken,
        body: {
          partsId: first._id,
          quantity: Math.floor(wanted / orders) + (i < wanted % orders ? 1 : 0),
          mobile: '+880 1712 345678',
          address: 'Dhaka',
        },
      });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    }

    const page = await journey.open('/');
    const card = page
      .getByRole('region', { name: 'Tools' })
      .getByRole('article')
      .filter({ hasText: first.name });
    await card.getByText('Out of stock', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: 'Buy' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Tools' }).getByRole('link', { name: 'Buy' }).count()).toBe(
      5,
    );
    await screenshot(page, 'out-of-stock-desktop');

    const purchase = await signedIn(`/purchase/${first._id}`, buyer, PHONE);
    await purchase.getByText('Out of stock', { exact: true }).waitFor();
    expect(await purchase.getByRole('button', { name: 'Buy' }).count()).toBe(0);
    await screenshot(purchase, 'out-of-stock-phone');
  });

  it('buys again from a paid order with the same quantity', async () => {
    const page = await signedIn('/dashboard/my-order', buyer);
    // The first paid order, of 20 pieces (a later one of 30 was paid from its page opened afresh).
    await page
      .getByRole('row')
      .filter({ hasText: '20 pcs' })
      .getByRole('link', { name: `Buy again: ${part.name}` })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Purchase' }).waitFor();
    await expect.poll(() => page.getByLabel('Quantity').inputValue()).toBe('20');
  });
});

describe('an admin managing orders', () => {
  it('deletes an unpaid order with the modal and sees paid ones as Paid', async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage All Order' }).waitFor();
    await page.getByRole('table').getByText('Paid', { exact: true }).first().waitFor();
    const deletable = page.getByRole('button', { name: /^Delete the order of/ });
    await deletable.first().waitFor();
    const before = await deletable.count();
    expect(before).toBeGreaterThan(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'manage-all-order-desktop');
    await deletable.first().click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => deletable.count()).toBe(before - 1);
  });

  it('filters the orders by state and buyer, and exports them as CSV', async () => {
    const page = await signedIn('/dashboard/manage-all-order', admin);
    await page.getByRole('heading', { level: 1, name: 'Manage All Order' }).waitFor();
    await page.getByLabel('State').selectOption('paid');
    await expect.poll(() => page.getByRole('button', { name: /^Delete the order of/ }).count()).toBe(0);
    await page.getByRole('table').getByText('Paid', { exact: true }).first().waitFor();
    await page.getByLabel('Buyer email').fill('karnaphuli');
    await page.getByLabel('Part name').fill('crimping');
    await page.getByRole('row').filter({ hasText: part.name }).first().waitFor();
    await screenshot(page, 'manage-all-order-filtered-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('orders.csv');
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'order,number,line,placed,buyer,email,mobile,address,PO number,part,customer part number,quantity,unit price,price,reference,state,payment,paid,fulfilment,carrier,tracking number,shipped,delivered,pieces allocated,pieces waiting,pieces shipped,pieces dropped',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',paid,') && line.includes(buyer.email))).toBe(true);
  });

  it('is sent to /login from the purchase page', async () => {
    const page = await signedIn(`/purchase/${part._id}`, admin);
    await page.waitForURL('**/login');
  });
});
