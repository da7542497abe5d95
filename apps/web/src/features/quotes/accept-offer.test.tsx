import type { SavedAddress } from '@shop/contract/addresses';
import type { User } from '@shop/contract/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setTokenSource } from '../../lib/api-client';
import { RenderedSession } from '../auth';
import {
  ACCEPT_REFUSED_TITLE,
  OFFER_CHANGED_TITLE,
  offerChangedMeanwhile,
  refusalOfAccept,
} from './accept-refusal';
import { acceptOffer, type QuoteAsRead, quoteQuery } from './api/quotes';
import { AcceptRefusalAlert } from './components/accept-refusal-alert';
import { deliveryOf, OfferAnswer } from './components/offer-answer';

const id = '0123456789abcdef0123456789abcdef';
const validUntil = '2099-12-31T23:59:59.999Z';
const offer = (unitPrice: number, etag?: string): QuoteAsRead => ({
  _id: id,
  email: 'buyer@padma.example',
  userName: 'Padma',
  status: 'offered',
  lines: [{ partsId: 'p1', partsName: 'Relay', quantity: 50, unitPrice }],
  validUntil,
  messages: [],
  messageCount: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...(etag ? { etag } : {}),
});
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

/** The calls the app makes, answered by `answer`. */
function recordCalls(answer: () => Response) {
  const calls: { path: string; headers: Headers; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({
        path,
        headers: new Headers(init.headers),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return answer();
    }),
  );
  setTokenSource({ accessToken: async () => 'token', afterRejection: async () => null });
  return calls;
}

describe("the quote page's Accept names the offer it shows", () => {
  it('keeps the ETag the quote was read with', async () => {
    recordCalls(() => json(200, offer(1), { etag: `"${id}:1"` }));
    const read = await new QueryClient().fetchQuery(quoteQuery(id));
    expect(read.etag).toBe(`"${id}:1"`);
    expect(read.lines[0]?.unitPrice).toBe(1);
  });

  it('sends If-Match with that ETag, the offer’s validUntil and the delivery shown', async () => {
    const calls = recordCalls(() => json(201, { orderId: 'o1' }));
    const delivery = { mobile: '+880 1712 345678', address: 'Plot 12, Tejgaon\nDhaka', poNumber: 'PO-7' };
    expect(await acceptOffer(offer(1, `"${id}:1"`), delivery)).toBe('o1');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe(`/api/quotes/${id}/accept`);
    expect(calls[0]?.headers.get('if-match')).toBe(`"${id}:1"`);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token');
    expect(calls[0]?.body).toEqual({ ...delivery, validUntil });
  });

  it('without an ETag it still names the offer, by its validUntil', async () => {
    const calls = recordCalls(() => json(201, { orderId: 'o1' }));
    await acceptOffer(offer(1), { mobile: '+880 1712 345678', address: 'Dhaka' });
    expect(calls[0]?.headers.has('if-match')).toBe(false);
    expect(calls[0]?.body).toEqual({ mobile: '+880 1712 345678', address: 'Dhaka', validUntil });
  });

  it('sends the delivery the fields show: a saved address by its text, a new one typed, a PO number if any', () => {
    const saved: SavedAddress[] = [
      { _id: 'a1', label: 'Works', address: 'Plot 12, Tejgaon', createdAt: '2026-11-25T10:00:00.000Z' },
    ];
    const fields = { mobile: ' +880 1712 345678 ', addressId: 'a1', newAddress: 'ignored', poNumber: '  ' };
    expect(deliveryOf(fields, saved)).toEqual({ mobile: '+880 1712 345678', address: 'Plot 12, Tejgaon' });
    expect(
      deliveryOf({ ...fields, addressId: '', newAddress: ' Gulshan 2 ', poNumber: 'PO-9' }, saved),
    ).toEqual({ mobile: '+880 1712 345678', address: 'Gulshan 2', poNumber: 'PO-9' });
  });
});

describe('a refused accept', () => {
  const accepted = { etag: `"${id}:1"`, total: 50 };

  it('is told on the page for a 412 (offer changed), a 409 and a 422 (stock), a toast for the rest', () => {
    const changed = refusalOfAccept(
      new ApiError(412, '', 'precondition_failed', 'The shop changed'),
      accepted,
    );
    expect(changed).toEqual({ offerChanged: true, message: 'The shop changed', accepted });
    const expired = refusalOfAccept(new ApiError(409, '', 'conflict', 'This offer has expired'), accepted);
    expect(expired?.offerChanged).toBe(false);
    expect(refusalOfAccept(new ApiError(422, '', 'quantity_out_of_range', 'Not enough.'), accepted)).toEqual({
      offerChanged: false,
      message: 'Not enough.',
      accepted,
    });
    expect(refusalOfAccept(new ApiError(500, '', 'internal', 'Fault'), accepted)).toBeNull();
    expect(refusalOfAccept(new Error('network'), accepted)).toBeNull();
  });

  it('says nothing was ordered, what was accepted and what the offer is now', () => {
    const refusal = { offerChanged: true, message: 'The shop changed', accepted };
    const html = renderToStaticMarkup(
      <AcceptRefusalAlert refusal={refusal} quote={offer(95, `"${id}:2"`)} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain(OFFER_CHANGED_TITLE);
    expect(html).toContain('You accepted $50 in all');
    expect(html).toContain('$4,750');
    expect(html).toContain('Accept it only if it suits you');
    // Until the quote is read again, the page does not pass the old offer off as the new one.
    const waiting = renderToStaticMarkup(
      <AcceptRefusalAlert refusal={refusal} quote={offer(1, `"${id}:1"`)} />,
    );
    expect(waiting).toContain('Loading the new offer');
    expect(waiting).not.toContain('the offer is now');
  });

  it("tells a 409's own words", () => {
    const refusal = {
      offerChanged: false,
      message: 'This offer has expired; ask the shop for a new one',
      accepted,
    };
    const html = renderToStaticMarkup(<AcceptRefusalAlert refusal={refusal} quote={offer(1, `"${id}:1"`)} />);
    expect(html).toContain(ACCEPT_REFUSED_TITLE);
    expect(html).toContain('This offer has expired; ask the shop for a new one');
  });
});

describe('an offer read again while the page is open', () => {
  it('is told when it is another open offer, and no refusal tells it already', () => {
    const first = `"${id}:1"`;
    expect(offerChangedMeanwhile(first, offer(95, `"${id}:2"`), false)).toBe(true);
    expect(offerChangedMeanwhile(first, offer(1, first), false)).toBe(false);
    expect(offerChangedMeanwhile(first, offer(95, `"${id}:2"`), true)).toBe(false);
    expect(offerChangedMeanwhile(undefined, offer(95, `"${id}:2"`), false)).toBe(false);
    expect(offerChangedMeanwhile(first, { ...offer(95, `"${id}:2"`), status: 'accepted' }, false)).toBe(
      false,
    );
  });
});

describe('the delivery on the quote page', () => {
  const email = 'buyer@padma.example';
  const user: User = { _id: 'u1', name: 'Padma', email, mobile: '+880 1712 345678', emailVerified: true };
  const saved: SavedAddress = {
    _id: 'a1',
    label: 'Works',
    address: 'Plot 12, Tejgaon I/A\nDhaka 1208',
    createdAt: '2026-11-25T10:00:00.000Z',
  };
  function render(addresses: SavedAddress[]) {
    const client = new QueryClient();
    client.setQueryData(['profile', email], user);
    client.setQueryData(['addresses'], addresses);
    return renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <RenderedSession.Provider
          value={{ status: 'signed-in', accessToken: 'token', user: { uid: 'u1', name: 'Padma', email } }}
        >
          <MemoryRouter>
            <OfferAnswer quote={offer(1, `"${id}:1"`)} onRefused={() => undefined} />
          </MemoryRouter>
        </RenderedSession.Provider>
      </QueryClientProvider>,
    );
  }

  // The fields' values (the buyer's mobile) are put in by react-hook-form in the browser.
  it('shows a Mobile field, their first saved address and a PO number field, with Accept and Decline', () => {
    const html = render([saved]);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Mobile<\/label>/);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Deliver to<\/label>/);
    // The first saved address first, which the select shows.
    expect(html).toMatch(
      /name="addressId"><option value="a1">Works: Plot 12, Tejgaon I\/A Dhaka 1208<\/option>/,
    );
    expect(html).toContain('PO number (optional)');
    expect(html).toContain('>Accept</button>');
    expect(html).toContain('>Decline</button>');
  });

  it('asks for an address when the buyer keeps none', () => {
    const html = render([]);
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Delivery address<\/label>/);
    expect(html).not.toContain('Deliver to');
  });
});
