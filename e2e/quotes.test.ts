import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../apps/server/src/test-support/account-mails';
import { startTestMailServer } from '../apps/server/src/test-support/smtp-server';
import { PHONE, screenshot, seriousAccessibilityProblems } from './support/browser';
import { fillTestCard, journeys } from './support/journeys';

const admin = { email: 'quotes-admin@parts-shop.example', password: 'admin-password-7' };
const buyer = { name: 'Padma Circuits', email: 'buyer@padma.example', password: 'buyer-password-7' };

// A real SMTP server the shop mails through: the journeys read the quote's mails and open their links.
const smtp = await startTestMailServer();
afterAll(() => smtp.close());

const journey = journeys({
  // The accept of a page whose offer changed meanwhile is refused on purpose, and one above the stock.
  expectedProblems: /status of (?:412 \(Precondition Failed\)|422 \(Unprocessable)/,
  env: {
    SEED_ADMIN_EMAIL: admin.email,
    SEED_ADMIN_PASSWORD: admin.password,
    SMTP_URL: smtp.url,
    MAIL_RETRY_SECONDS: '1',
  },
});
const { signedIn, api, tokenOf, addPart, signUpVerified } = journey;
let part: { _id: string; name: string };

beforeAll(async () => {
  // A verified buyer: the shop mails only verified addresses (the offers, the accept), and only a
  // verified buyer's request reaches the admins' mailboxes.
  await signUpVerified(buyer, smtp);
  // Sold from 100 pieces: 40 is out of range, which is what a quote is for.
  part = await addPart(await tokenOf(admin), {
    name: 'Hot Air Rework Station 858D',
    price: 60,
    available: 500,
    min: 100,
    desc: 'A part for the quotes journeys',
  });
});

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** The link to a quote's page in a mail: on the shop the browser uses. */
function quoteLinkIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/dashboard\/quotes\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
  expect(link.startsWith(`${journey.baseUrl}/dashboard/quotes/`)).toBe(true);
  return link;
}

/** The last day an offer holds: ten days from now, as a date field takes it. */
function inTenDays(): string {
  const day = new Date(Date.now() + 10 * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

describe('a quote from request to order', () => {
  let quotePath = '';

  it('a buyer asks a price for a quantity out of range from the product page', async () => {
    const page = await signedIn(`/parts/${part._id}`, buyer);
    await page.getByLabel('Quantity (pcs)').fill('40');
    await page.getByText('You have to place order in our given range').waitFor();
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.getByRole('heading', { level: 1, name: 'Request a quote' }).waitFor();
    expect(await page.getByLabel(`Quantity (pcs) of ${part.name}`).inputValue()).toBe('40');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.getByText('Message is required').waitFor();
    await page.getByLabel('Message').fill('We need 40 for a pilot line. Delivery by next month?');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await toast(page, 'Quote requested').waitFor();
    await page.waitForURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
    quotePath = new URL(page.url()).pathname;
    await page.getByText('Requested', { exact: true }).waitFor();
    await page.getByText('We need 40 for a pilot line.').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    // The shop's admin hears of it, with a link to this page.
    const mail = await mailTo(smtp, admin.email, 'Quote requested');
    expect(mail.subject).toBe(`Quote requested by ${buyer.name}: 40 pcs of ${part.name}`);
    expect(new URL(quoteLinkIn(mail)).pathname).toBe(quotePath);
  });

  it('the overview counts the quotes waiting for an answer and opens them, filtered', async () => {
    const page = await signedIn('/dashboard/overview', admin);
    const waiting = page.getByRole('link', { name: 'quote waits for an answer' });
    await waiting.waitFor();
    await page.getByText('Quotes waiting').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'overview-quotes-desktop');
    const narrow = await signedIn('/dashboard/overview', admin, PHONE);
    await narrow.getByRole('link', { name: 'quote waits for an answer' }).waitFor();
    await screenshot(narrow, 'overview-quotes-phone');
    await waiting.click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/quotes' && url.search === '?status=requested',
    );
    expect(await page.getByLabel('Status').inputValue()).toBe('requested');
    await page.getByRole('row').filter({ hasText: part.name }).waitFor();
  });

  it('the admin opens the quote from their mail, offers a price until a day, and answers in the thread', async () => {
    const page = await signedIn(quoteLinkIn(await mailTo(smtp, admin.email, 'Quote requested')), admin);
    await page.waitForURL((url) => url.pathname === quotePath);
    await page.getByLabel(`Unit price ($) of ${part.name}`).fill('55');
    await page.getByLabel('Valid until').fill(inTenDays());
    await page.getByRole('button', { name: 'Send offer' }).click();
    await toast(page, 'Offer sent').waitFor();
    await page.getByText('Offered', { exact: true }).waitFor();
    await page.getByLabel('Reply').fill('Yes, in three weeks.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await toast(page, 'Message sent').waitFor();
    await page.getByText('Yes, in three weeks.').waitFor();
  });

  it('the buyer, on a phone, opens the offer from its mail; an accept of an offer changed meanwhile is refused; the new one is accepted and paid by card', async () => {
    const offer = await mailTo(smtp, buyer.email, 'Your quote');
    expect(offer.subject).toBe('Your quote: our offer of $2,200');
    const quoteId = quotePath.split('/').pop() ?? '';
    const delivery = {
      mobile: '+880 1712 345678',
      address: 'Plot 12, Tejgaon I/A\nDhaka 1208',
      po: 'PO-4711',
    };
    /** The quote's page showing the $2,200 offer, its delivery filled in (the buyer keeps none). */
    async function offerPage(viewport?: typeof PHONE) {
      const page = await signedIn(quoteLinkIn(offer), buyer, viewport);
      await page.waitForURL((url) => url.pathname === quotePath);
      await page.getByRole('cell', { name: '$2,200' }).first().waitFor();
      await page.getByLabel('Mobile').fill(delivery.mobile);
      await page.getByLabel('Delivery address').fill(delivery.address);
      await page.getByLabel('PO number (optional)').fill(delivery.po);
      await page.waitForLoadState('networkidle');
      await page.getByRole('cell', { name: '$2,200' }).first().waitFor();
      return page;
    }
    const wide = await offerPage();
    const page = await offerPage(PHONE);
    const askedThenSure = async (on: Page) => {
      await on.getByRole('button', { name: 'Accept' }).click();
      await on.getByRole('button', { name: 'Yes' }).click();
    };

    // The shop offers anew ($58 a piece) while both pages still show $55: their accepts are refused.
    const reoffer = await api(`/api/quotes/${quoteId}`, {
      method: 'PUT',
      token: await tokenOf(admin),
      body: {
        lines: [{ partsId: part._id, unitPrice: 58 }],
        validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      },
    });
    expect(reoffer.status).toBe(200);
    const refusal = (on: Page) =>
      on.getByRole('alert').filter({ hasText: 'The offer changed: nothing was ordered' });
    await askedThenSure(wide);
    await refusal(wide).waitFor();
    // The page shows the new offer, and says what was accepted beside it.
    await refusal(wide).getByText('You accepted $2,200 in all; the offer is now $2,320 in all').waitFor();
    await wide.getByRole('cell', { name: '$2,320' }).first().waitFor();
    expect(await wide.getByRole('cell', { name: '$2,200' }).count()).toBe(0);
    expect(await seriousAccessibilityProblems(wide)).toEqual([]);
    await screenshot(wide, 'quote-offer-changed-desktop');
    await askedThenSure(page);
    await refusal(page).getByText('the offer is now $2,320').waitFor();
    // Brought into view on the phone, where the Accept button was, its title below the sticky bar.
    const title = await refusal(page).getByRole('heading').boundingBox();
    const bar = await page.locator('header').first().boundingBox();
    expect(title && bar && title.y >= bar.y + bar.height && title.y < PHONE.height).toBe(true);
    await page.getByRole('cell', { name: '$2,320' }).first().waitFor();
    await screenshot(page, 'quote-offer-changed-phone');
    // Nothing was ordered: the quote stays offered, the stock untouched.
    const still = (await api(`/api/quotes/${quoteId}`, { token: await tokenOf(buyer) })).json;
    expect(still.status).toBe('offered');
    expect(still.orderId).toBeUndefined();
    expect((await api(`/api/partsById?id=${part._id}`)).json.available_quantity).toBe(500);

    // The new offer, read, is accepted (asked first) with the delivery the page shows.
    expect(await page.getByLabel('Mobile').inputValue()).toBe(delivery.mobile);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'no' }).click();
    await askedThenSure(page);
    await toast(page, 'Offer accepted').waitFor();
    await page.waitForURL(/\/dashboard\/my-order$/);
    await page.getByText(part.name).first().waitFor();
    expect((await api(`/api/partsById?id=${part._id}`)).json.available_quantity).toBe(460);

    // The buyer and the admin each get a mail naming the order.
    const quote = (await api(`/api/quotes/${quoteId}`, { token: await tokenOf(buyer) })).json;
    const orderId = quote.orderId as string;
    expect(quote.status).toBe('accepted');
    const { number } = (await api(`/api/purchaseById/${orderId}`, { token: await tokenOf(buyer) })).json;
    expect(number).toMatch(/^SO-\d{6}$/);
    expect((await mailTo(smtp, buyer.email, 'Quote accepted')).subject).toBe(
      `Quote accepted: order ${number}`,
    );
    expect((await mailTo(smtp, admin.email, 'Quote accepted')).subject).toBe(
      `Quote accepted by ${buyer.name}: order ${number}`,
    );

    // It is paid as any order: by card on the payment page, reached from the quote's page too.
    await page.goto(quotePath);
    await page.getByText('Accepted', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await screenshot(page, 'quote-accepted-unpaid-phone');
    await page.getByRole('link', { name: 'Pay $2,320' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    await page.getByText('$2,320').first().waitFor();
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Pay' }).click();
    await toast(page, /^Payment Complete\. paymentId: pi_test_\w+$/).waitFor();
    await page.getByRole('link', { name: 'Back to My Order' }).click();
    const paid = page.getByRole('row').filter({ hasText: part.name });
    await paid.getByText('Paid', { exact: true }).waitFor();
    const order = (await api(`/api/purchaseById/${orderId}`, { token: await tokenOf(buyer) })).json;
    expect(order.paymentId).toMatch(/^pi_test_/);
    expect(order.price).toBe(2_320);
    expect(order).toMatchObject({
      mobile: delivery.mobile,
      address: delivery.address,
      poNumber: delivery.po,
    });

    // The quote's page tells it is accepted, and that its order is paid.
    await page.goto(quotePath);
    await page.getByText('Accepted', { exact: true }).waitFor();
    await page.getByText('Paid', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /^Pay/ }).count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'quote-accepted-phone');
    await wide.goto(quotePath);
    await wide.getByText('Paid', { exact: true }).waitFor();
    await screenshot(wide, 'quote-accepted-desktop');
  });
});

describe('Request a quote wherever an order cannot be placed as it is', () => {
  it('on the purchase page, for a quantity outside the range or a total above the card limit', async () => {
    const page = await signedIn(`/purchase/${part._id}`, buyer);
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('40');
    const request = page.getByRole('link', { name: 'Request a quote' });
    await request.waitFor();
    expect(await page.getByRole('button', { name: 'Buy' }).isDisabled()).toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'purchase-quote-desktop');
    const narrow = await signedIn(`/purchase/${part._id}`, buyer, PHONE);
    await narrow.getByLabel('Quantity').fill('40');
    await narrow.getByRole('link', { name: 'Request a quote' }).waitFor();
    await screenshot(narrow, 'purchase-quote-phone');
    // In range: nothing to quote.
    await quantity.fill('120');
    await page.getByText('Total:').waitFor();
    expect(await request.count()).toBe(0);
    // Above the card limit ($60 × 200 = $12,000): the warning offers it.
    await quantity.fill('200');
    await page
      .getByRole('alert')
      .filter({ hasText: 'cannot be paid by card' })
      .getByRole('link', { name: 'Request a quote' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Request a quote' }).waitFor();
    expect(await page.getByLabel(`Quantity (pcs) of ${part.name}`).inputValue()).toBe('200');
  });

  it("in the order builder, on the out-of-range line and in checkout's card-limit warning", async () => {
    const page = await signedIn('/order', buyer);
    await page.evaluate(
      (kept) => localStorage.setItem('shop.order-builder', kept),
      JSON.stringify([{ partsId: part._id, quantity: 40 }]),
    );
    await page.reload();
    const lineLink = page.getByRole('link', { name: `Request a quote for 40 pcs of ${part.name}` });
    await lineLink.waitFor();
    const param = (href: string | null) => new URL(href ?? '', journey.baseUrl).searchParams.get('lines');
    expect(param(await lineLink.getAttribute('href'))).toBe(`${part._id}:40`);
    await page.getByLabel(`Quantity of ${part.name}`).fill('200');
    const warning = page.getByRole('alert').filter({ hasText: 'cannot be paid by card' });
    await warning.waitFor();
    expect(await lineLink.count()).toBe(0);
    expect(param(await warning.getByRole('link', { name: 'Request a quote' }).getAttribute('href'))).toBe(
      `${part._id}:200`,
    );
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'order-builder-card-limit-quote-desktop');
    await page.getByLabel(`Quantity of ${part.name}`).fill('40');
    await lineLink.waitFor();
    await screenshot(page, 'order-builder-line-quote-desktop');
  });
});

describe('a request opened afresh (a link kept from the order builder)', () => {
  it('shows its lines to the signed-in buyer, and asks', async () => {
    const page = await signedIn(`/quotes/new?lines=${part._id}:60`, buyer);
    await expect.poll(() => page.getByLabel(`Quantity (pcs) of ${part.name}`).inputValue()).toBe('60');
    await page.getByLabel('Message').fill('Sixty for a second line, please.');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await toast(page, 'Quote requested').waitFor();
    await page.waitForURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
    await page.getByText('Sixty for a second line, please.').waitFor();
  });
});

describe('a quote for more than is in stock', () => {
  it('warns the admin in the offer form, and the refused accept is told on the quote page, which stays offered', async () => {
    const scarce = await addPart(await tokenOf(admin), {
      name: 'Heating Element 858D 700 W',
      price: 30,
      available: 30,
      min: 10,
      desc: 'A part with little stock, for the quotes journeys',
    });
    const asked = await api('/api/quotes', {
      method: 'POST',
      token: await tokenOf(buyer),
      body: { lines: [{ partsId: scarce._id, quantity: 50 }], message: 'Fifty for a production run.' },
    });
    expect(asked.status).toBe(201);
    const quoteId = asked.json.insertedId as string;

    const desk = await signedIn(`/dashboard/quotes/${quoteId}`, admin);
    const warning = desk.getByRole('alert').filter({ hasText: 'Only 30 pcs in stock' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      "the buyer's accept will be refused unless the stock is raised first",
    );
    await desk.getByLabel(`Unit price ($) of ${scarce.name}`).fill('28');
    await desk.getByLabel('Valid until').fill(inTenDays());
    await screenshot(desk, 'quote-offer-above-stock-desktop');
    await desk.getByRole('button', { name: 'Send offer' }).click();
    await toast(desk, 'Offer sent').waitFor();

    const page = await signedIn(`/dashboard/quotes/${quoteId}`, buyer, PHONE);
    await page.getByRole('cell', { name: '$1,400' }).first().waitFor();
    await page.getByLabel('Mobile').fill('+880 1712 345678');
    await page.getByLabel('Delivery address').fill('Plot 12, Tejgaon I/A\nDhaka 1208');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'Your accept was refused: nothing was ordered' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      `Not enough pieces in stock for this quote: ${scarce.name} (50 pcs)`,
    );
    // Still there after the toasts have gone, on the page where the buyer is.
    await page.waitForTimeout(6000);
    expect(await refusal.isVisible()).toBe(true);
    await screenshot(page, 'quote-accept-refused-phone');
    const still = (await api(`/api/quotes/${quoteId}`, { token: await tokenOf(buyer) })).json;
    expect(still.status).toBe('offered');
    expect((await api(`/api/partsById?id=${scarce._id}`)).json.available_quantity).toBe(30);
  });
});
