import type { Category } from '@shop/contract/catalog';
import { OUT_OF_RANGE_MESSAGE } from '@shop/contract/order-limits';
import { orderQuantityFor } from '@shop/contract/order-multiple';
import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import {
  formatCount,
  formatDollars,
  formatPieces,
  isOutOfStock,
  soldInMultiplesText,
} from '../../../lib/format';
import { useHydrated } from '../../../lib/hydrated';
import { quantityCap } from '../../../lib/pricing';
import { usePunchout } from '../../../lib/punchout-session';
import { showSuccess } from '../../../lib/toasts';
import { useSession } from '../../auth';
import { IncomingNote, ShipPlanNote } from '../../availability';
import { ContractPriceNote } from '../../contract-prices';
import { addToOrder } from '../../order-builder';
import { RequestQuoteLink } from '../../quotes';
import { FitsTools } from '../../tools';
import { partQuery } from '../api/get-part';
import { readCategories, readPart } from '../catalog-data';
import { LifecycleNote } from '../components/lifecycle-note';
import { PartFacts } from '../components/part-facts';
import { PriceTable } from '../components/price-table';
import { ObsoleteNotice, PartNumbers, ProductSpecification } from '../components/product-specification';
import { quoteFor } from '../pricing';

type Replacement = Pick<Part, '_id' | 'name'>;

/**
 * The part with the categories (its specification's names) and its replacement, or null
 * (answered as a 404) for one the catalog does not have.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const [part, categories] = await Promise.all([readPart(context, id), readCategories(context)]);
  if (!part) return data(null, { status: 404 });
  const found = part.replacementId ? await readPart(context, part.replacementId) : null;
  const replacement: Replacement | null = found ? { _id: found._id, name: found.name } : null;
  return { part, categories, replacement };
}

/** A part's own page (/parts/:id): all it is, its prices by quantity, and ordering it. */
export function ProductPage() {
  const loaded = useLoaderData<typeof loader>();
  const part = loaded?.part;
  return (
    <section>
      {!part && (
        <>
          <title>Part not found — Electronics Tools Manufacturers</title>
          <h1 className="mb-4 text-3xl font-bold text-primary">Part not found</h1>
          <p className="mb-4">This part cannot be found. It may have been taken out of the catalog.</p>
          <Link to="/catalog" className="btn btn-primary">
            See the catalog
          </Link>
        </>
      )}
      {loaded && (
        <Product
          key={loaded.part._id}
          part={loaded.part}
          categories={loaded.categories}
          replacement={loaded.replacement}
        />
      )}
    </section>
  );
}

function Product({
  part,
  categories,
  replacement,
}: {
  part: Part;
  categories: Category[] | null;
  replacement: Replacement | null;
}) {
  const ids = useId();
  // The least order: the minimum, in the part's multiples (a reel of 5,000 starts at 5,000).
  const least = orderQuantityFor(part);
  const [typed, setTyped] = useState(String(least));
  const [added, setAdded] = useState(false);
  const hydrated = useHydrated();
  const outOfStock = isOutOfStock(part);
  // The signed-in buyer's own number for it: the page the server renders is everyone's, so the
  // part is read again with the buyer's token.
  const signedIn = useSession().status === 'signed-in';
  // A punchout's lines go to the procurement system through the order: no Buy, no quote here.
  const punchout = usePunchout() !== null;
  const mine = useQuery({ ...partQuery(part._id), enabled: signedIn, meta: { quiet: true } });
  const yours = signedIn ? (mine.data?.customerPartNumber ?? part.customerPartNumber) : undefined;
  // A member's company's contract price, read with the buyer's token: every price below counts it.
  const contractPrice = signedIn ? (mine.data?.contractPrice ?? part.contractPrice) : undefined;
  const quote = quoteFor(contractPrice ? { ...part, contractPrice } : part, typed);
  const buyPath = quote.inRange ? `/purchase/${encodeURIComponent(part._id)}?quantity=${quote.quantity}` : '';
  return (
    <>
      <title>{`${part.name} — Electronics Tools Manufacturers`}</title>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap gap-2">
          <li className="after:ml-2 after:text-base-content/50 after:content-['/']">
            <Link to="/catalog" className="link link-primary">
              Catalog
            </Link>
          </li>
          <li aria-current="page" className="text-base-content/80">
            {part.name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-8 lg:grid-cols-2">
        <figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
          <img
            src={part.img}
            alt={part.name}
            width={640}
            height={480}
            fetchPriority="high"
            decoding="async"
            className="h-full w-full object-cover"
          />
        </figure>
        <div className="flex min-w-0 flex-col gap-4">
          <h1 className="text-3xl font-bold text-primary">{part.name}</h1>
          <LifecycleNote part={part} replacement={replacement} />
          <p className="text-base-content/80">{part.desc}</p>
          <PartNumbers part={part} />
          {yours && (
            <p className="rounded-box bg-base-200 px-3 py-2" data-testid="your-part-number">
              Your part number: <strong className="font-mono">{yours}</strong>{' '}
              {/* A punchout window has no dashboard: its numbers are changed in the shop itself. */}
              {!punchout && (
                <Link to="/dashboard/my-part-numbers" className="link link-primary text-sm">
                  Change<span className="sr-only"> your part numbers</span>
                </Link>
              )}
            </p>
          )}
          <PartFacts
            part={contractPrice ? { ...part, contractPrice } : part}
            className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1"
          />
          <IncomingNote part={part} className="rounded-box bg-base-200 px-3 py-2 text-sm" />
          <ContractPriceNote price={contractPrice} />
          <PriceTable part={part} unitPrice={quote.inRange ? quote.unitPrice : undefined} />
          {part.lifecycle === 'obsolete' ? (
            <ObsoleteNotice replacement={replacement} />
          ) : outOfStock ? (
            <div>
              <span className="badge badge-lg badge-neutral">Out of stock</span>
              <p className="mt-2 text-sm">
                Fewer pieces are left than the minimum order. Please look again soon.
              </p>
              <p className="mt-3 text-sm">Need pieces all the same? Ask the shop for a price and a date.</p>
              <RequestQuoteLink
                lines={[{ partsId: part._id, quantity: least }]}
                className="btn btn-outline mt-2"
              />
            </div>
          ) : (
            <form
              className="card bg-base-200/60"
              onSubmit={(event) => event.preventDefault()}
              aria-labelledby={`${ids}-order`}
            >
              <div className="card-body gap-3 p-4 sm:p-6">
                <h2 id={`${ids}-order`} className="text-lg font-semibold">
                  Order
                </h2>
                <div>
                  <label htmlFor={`${ids}-quantity`} className="mb-1 block font-medium">
                    Quantity (pcs)
                  </label>
                  <input
                    name="quantity"
                    id={`${ids}-quantity`}
                    type="number"
                    inputMode="numeric"
                    className={`input input-bordered w-full max-w-xs ${quote.inRange ? '' : 'input-error'}`}
                    // From the least order, the arrows step by the order multiple.
                    min={least}
                    max={quantityCap(part)}
                    step={part.order_multiple}
                    value={typed}
                    // Typed into before the app has the page, the value would be set back.
                    readOnly={!hydrated}
                    aria-invalid={!quote.inRange}
                    aria-describedby={
                      part.order_multiple > 1 ? `${ids}-multiple ${ids}-quote` : `${ids}-quote`
                    }
                    onChange={(event) => {
                      setTyped(event.target.value);
                      setAdded(false);
                    }}
                  />
                  {part.order_multiple > 1 && (
                    <p id={`${ids}-multiple`} className="mt-1 text-sm font-medium">
                      {soldInMultiplesText(part.order_multiple)}
                    </p>
                  )}
                </div>
                <div id={`${ids}-quote`} aria-live="polite">
                  {quote.inRange ? (
                    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                      <dt>Price per piece</dt>
                      <dd>
                        <strong data-testid="unit-price">{formatDollars(quote.unitPrice)}</strong> at{' '}
                        {formatPieces(quote.quantity)}
                      </dd>
                      <dt>Total</dt>
                      <dd>
                        <strong>{formatDollars(quote.total)}</strong>
                      </dd>
                      {quote.saving > 0 && (
                        <>
                          <dt>You save</dt>
                          <dd>
                            {formatDollars(quote.saving)} ({formatCount(quote.savingPercent)}%)
                          </dd>
                        </>
                      )}
                      {quote.quantity > part.available_quantity && (
                        <>
                          <dt>Ships</dt>
                          <dd>
                            <ShipPlanNote part={part} quantity={quote.quantity} className="" />
                          </dd>
                        </>
                      )}
                    </dl>
                  ) : (
                    <>
                      <p className="text-error">{quote.problem}</p>
                      {quote.problem === OUT_OF_RANGE_MESSAGE && (
                        <p className="mt-1 text-sm">
                          Need this many pieces? Request a quote: the shop answers with a price for them.
                        </p>
                      )}
                    </>
                  )}
                </div>
                <div className="flex flex-wrap gap-3">
                  {punchout ? null : quote.inRange ? (
                    <Link to={buyPath} className="btn btn-primary">
                      Buy
                    </Link>
                  ) : (
                    <button type="button" className="btn btn-primary" disabled>
                      Buy
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline btn-primary"
                    // The builder is the app's: a press before it has the page would be lost.
                    disabled={!hydrated || !quote.inRange}
                    onClick={() => {
                      if (!quote.inRange) return;
                      addToOrder(part._id, quote.quantity);
                      showSuccess('Added to your order');
                      setAdded(true);
                    }}
                  >
                    Add to order
                  </button>
                  {!punchout && (
                    <RequestQuoteLink
                      lines={[{ partsId: part._id, quantity: typed }]}
                      strong={!quote.inRange}
                    />
                  )}
                </div>
                <p role="status" className="text-sm">
                  {added && (
                    <>
                      Added to your order.{' '}
                      <Link to="/order" className="link link-primary">
                        See your order
                      </Link>
                    </>
                  )}
                </p>
              </div>
            </form>
          )}
        </div>
      </div>
      <FitsTools partId={part._id} />
      <ProductSpecification part={part} categories={categories} />
    </>
  );
}
