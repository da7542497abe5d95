import type { ContractPrice, Part } from '@shop/contract/parts';
import type { Database } from '../../db/database.js';

/**
 * What the catalog reads of a signed-in buyer's contract prices (their company's); given by the
 * app (app.ts), as that module reads the parts.
 */
export interface BuyerContractPrices {
  /** The buyer's prices of these parts that apply now: part → price (none outside a company). */
  of(db: Database, buyerId: string, partIds: readonly string[]): Promise<Map<string, ContractPrice>>;
}

/** Parts with the buyer's contract price, where one applies and is below the part's list price. */
export async function withContractPrices(
  db: Database,
  prices: BuyerContractPrices | undefined,
  buyerId: string | undefined,
  parts: Part[],
): Promise<Part[]> {
  if (!prices || !buyerId || parts.length === 0) return parts;
  const found = await prices.of(
    db,
    buyerId,
    parts.map((part) => part._id),
  );
  if (found.size === 0) return parts;
  return parts.map((part) => {
    const contractPrice = found.get(part._id);
    return contractPrice && contractPrice.unitPrice < part.price_per_piece
      ? { ...part, contractPrice }
      : part;
  });
}
