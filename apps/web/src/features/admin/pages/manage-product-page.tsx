import type { Part } from '@shop/contract/parts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { useConfirmedAction } from '../../../components/ui/confirm-modal';
import { type Column, PagedTable, usePaging } from '../../../components/ui/paged-table';
import { formatDollars, formatPieces } from '../../../lib/format';
import { useDeletePart } from '../api/delete-part';
import { MANAGED_PARTS_PAGE_SIZE, managedPartsQuery } from '../api/managed-parts';
import { PartsCsvImport } from '../components/parts-csv-import';

/** Every part, paged and searchable by name; Delete after 'Are you sure?'. */
export function ManageProductPage() {
  const [search, setSearch] = useState('');
  const paging = usePaging(MANAGED_PARTS_PAGE_SIZE);
  const q = useDeferredValue(search.trim());
  const parts = useQuery(managedPartsQuery(paging.offset, q));
  const deletePart = useDeletePart();
  const { ask, modal } = useConfirmedAction<Part>(
    deletePart,
    (item) => item._id,
    (part) => `Delete ${part.name} from the catalog. Buyers will no longer find or order it.`,
  );
  const columns: Column<Part>[] = [
    {
      header: 'Picture',
      cell: (part) => (
        <img src={part.img} alt="" width={48} height={36} className="h-9 w-12 rounded object-cover" />
      ),
    },
    { header: 'Name', className: 'min-w-40', cell: (part) => part.name },
    { header: 'Price', cell: (part) => formatDollars(part.price_per_piece) },
    { header: 'Min order', cell: (part) => formatPieces(part.min_order_quantity) },
    { header: 'Available', cell: (part) => formatPieces(part.available_quantity) },
    {
      header: <span className="sr-only">Actions</span>,
      label: '',
      cell: (part) => (
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
      ),
    },
  ];
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
            paging.reset();
          }}
        />
      </div>
      <PagedTable
        loading={parts.isPending}
        rows={parts.data?.parts}
        total={parts.data?.total}
        paging={paging}
        columns={columns}
        rowKey={(part) => part._id}
        empty={<p>No part matches.</p>}
      />
      {modal}
    </section>
  );
}
