import type { ContractPriceItem } from '@shop/contract/contract-prices';
import { Link } from 'react-router';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDollars } from '../../../lib/format';
import { useAccessRefusal } from '../../auth';
import { useMyCompany } from '../../companies';
import { useContractPrices } from '../api/prices';
import { orderedPrices, pricesSummary, untilText } from '../price-list';

/** Our prices (a company's members): the contract prices the shop agreed with the company, to read. */
export function OurPricesPage() {
  const company = useMyCompany();
  if (company.isPending) return <ProgressBar label="Loading your company" />;
  if (company.isError) return <p role="alert">Your company could not be loaded. {company.error.message}</p>;
  if (!company.data)
    return (
      <p>
        Contract prices are agreed with a company, and you belong to none yet.{' '}
        <Link to="/dashboard/company" className="link link-primary">
          Create or join one
        </Link>
      </p>
    );
  return <PriceList companyId={company.data._id} companyName={company.data.name} />;
}

function PriceList({ companyId, companyName }: { companyId: string; companyName: string }) {
  const prices = useContractPrices(companyId);
  useAccessRefusal(prices.error);
  if (prices.isPending) return <ProgressBar label="Loading the prices" />;
  if (prices.isError) return <p role="alert">The prices could not be loaded. {prices.error.message}</p>;
  const items = orderedPrices(prices.data.items);
  return (
    <section className="flex flex-col gap-3">
      <p>
        The prices the shop agreed with {companyName}, whole dollars a piece. Every member pays them wherever
        a part is priced, when they are below the list price for the quantity, through their last day.
      </p>
      {items.length === 0 ? (
        <p className="rounded-box bg-base-200 px-4 py-3">
          {companyName} has no contract prices yet: you pay the list prices. To agree prices for the parts you
          buy often, ask the shop for a quote.
        </p>
      ) : (
        <>
          <p className="text-sm">{pricesSummary(items)}</p>
          <PriceTable items={items} />
        </>
      )}
    </section>
  );
}

/** The prices as a table from 640 px, a card a part below. */
function PriceTable({ items }: { items: readonly ContractPriceItem[] }) {
  return (
    <table className="table table-cards">
      <caption className="sr-only">Our contract prices</caption>
      <thead>
        <tr>
          <th scope="col">Part</th>
          <th scope="col">Our price</th>
          <th scope="col">List price</th>
          <th scope="col">Until</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.partsId} className={item.expired ? 'text-base-content/70' : ''}>
            <LabelledCell label="Part" className="min-w-40">
              <Link to={`/parts/${encodeURIComponent(item.partsId)}`} className="link link-hover font-medium">
                {item.partsName}
              </Link>
            </LabelledCell>
            <LabelledCell label="Our price" className="whitespace-nowrap">
              <strong>{formatDollars(item.unitPrice)}</strong> a piece
            </LabelledCell>
            <LabelledCell label="List price" className="whitespace-nowrap">
              {formatDollars(item.listPrice)}
            </LabelledCell>
            <LabelledCell label="Until">
              {untilText(item)}
              {item.expired && <span className="badge badge-neutral ml-2">Expired</span>}
            </LabelledCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
