import type { Category } from '@shop/contract/catalog';
import type { Part } from '@shop/contract/parts';
import { Link } from 'react-router';
import { specificationOf } from '../specification';
import { productPath } from './part-card';

/** A part's numbers and maker, as its page lists them under its name. */
export function PartNumbers({ part }: { part: Part }) {
  if (!part.mpn && !part.manufacturer) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {part.mpn && (
        <>
          <dt className="font-semibold">Part number</dt>
          <dd className="font-mono">{part.mpn}</dd>
        </>
      )}
      {part.manufacturer && (
        <>
          <dt className="font-semibold">Manufacturer</dt>
          <dd>{part.manufacturer}</dd>
        </>
      )}
    </dl>
  );
}

/** The part's specification (its category's attribute names, values as the API writes them) and its documents. */
export function ProductSpecification({ part, categories }: { part: Part; categories: Category[] | null }) {
  const rows = specificationOf(part, categories);
  if (rows.length === 0 && part.documents.length === 0) return null;
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-2">
      {rows.length > 0 && (
        <table className="table w-full text-sm">
          <caption className="mb-2 text-left text-lg font-semibold">Specification</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="w-1/2 font-medium">
                  {row.name}
                </th>
                <td>{row.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {part.documents.length > 0 && (
        <section aria-labelledby="part-documents">
          <h2 id="part-documents" className="mb-2 text-lg font-semibold">
            Documents
          </h2>
          <ul className="space-y-1">
            {part.documents.map((document) => (
              <li key={document.url}>
                <a href={document.url} className="link link-primary" type="application/pdf">
                  {document.title}
                </a>
                {document.url.endsWith('.pdf') && (
                  <span className="text-sm text-base-content/70"> (PDF)</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** In place of the order form: an obsolete part cannot be ordered; its replacement can. */
export function ObsoleteNotice({ replacement }: { replacement: Pick<Part, '_id' | 'name'> | null }) {
  return (
    <div className="card border border-error/40 bg-error/5">
      <div className="card-body gap-2 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">This part cannot be ordered</h2>
        <p>It is obsolete: the manufacturer no longer makes it.</p>
        {replacement && (
          <p>
            Order its replacement instead:{' '}
            <Link to={productPath(replacement._id)} className="link link-primary font-medium">
              {replacement.name}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
