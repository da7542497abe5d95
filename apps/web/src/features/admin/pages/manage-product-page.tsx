import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { Pager } from '../../../components/ui/pager';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatDollars, formatPieces } from '../../parts/format';
import { useDeletePart } from '../api/delete-part';
import { MANAGED_PARTS_PAGE_SIZE, managedPartsQuery } from '../api/managed-parts';
import { PartsCsvImport } from '../components/parts-csv-import';

const PAGE_SIZE = MANAGED_PARTS_PAGE_SIZE;

/** Every part, paged and searchable by name; Delete after 'Are you sure?'. */
export function ManageProductPage() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDeferredValue(search.trim());
  const parts = useQuery(managedPartsQuery(offset, q));
  const deletePart = useDeletePart();
  const { ask, modal } = useConfirmedAction<Part>(deletePart, (item) => item._id);
  return (
    <section>
      <PartsCsvImport />
      <div className="mb-4 max-w-sm">
        <label htmlFor="part-search" className="mb-1 block font-medium">
          Search by name
        </label>
        <input
          id="part-search"
          type="search"
          className="input input-bordered w-full"
          value={search}
          maxLength={200}
          onChange={(event) => {
            setSearch(event.target.value);
            setOffset(0);
          }}
        />
      </div>
      {parts.isPending && <ProgressBar />}
      {parts.data?.parts.length === 0 && <p>No part matches.</p>}
      {parts.data && parts.data.parts.length > 0 && (
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Picture</th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Min order</th>
                <th scope="col">Available</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {parts.data.parts.map((part) => (
                <tr key={part._id}>
                  <td>
                    <img
                      src={part.img}
                      alt=""
                      width={48}
                      height={36}
                      className="h-9 w-12 rounded object-cover"
                    />
                  </td>
                  <td className="min-w-40">{part.name}</td>
                  <td>{formatDollars(part.price_per_piece)}</td>
                  <td>{formatPieces(part.min_order_quantity)}</td>
                  <td>{formatPieces(part.available_quantity)}</td>
                  <td>
                    <div className="flex gap-2">
                      <Link
                        to={`/dashboard/edit-product/${part._id}`}
                        className="btn btn-outline btn-xs"
                        aria-label={`Edit ${part.name}`}
                      >
                        Edit
                      </Link>
                      <button
                        type="button"
                        className="btn btn-error btn-xs"
                        aria-label={`Delete ${part.name}`}
                        onClick={() => ask(part)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {parts.data && (
        <Pager offset={offset} limit={PAGE_SIZE} total={parts.data.total} onChange={setOffset} />
      )}
      {modal}
    </section>
  );
}
