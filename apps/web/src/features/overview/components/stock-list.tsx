import type { StockPartList } from '@shop/contract/overview';
import { formatPieces } from '../../../lib/format';
import { PartsCard } from './parts-card';

/** Parts short of stock, fewest pieces first, each with the way to restock it. */
export function StockList({
  id,
  title,
  rule,
  list,
  empty,
}: {
  id: string;
  title: string;
  rule: string;
  list: StockPartList;
  empty: string;
}) {
  return (
    <PartsCard
      id={id}
      title={title}
      rule={rule}
      parts={list.parts}
      total={list.total}
      which="with the fewest pieces"
      note={(part) => (
        <>
          {formatPieces(part.available_quantity)} left, minimum order {formatPieces(part.min_order_quantity)}
        </>
      )}
      empty={empty}
    />
  );
}
