import type { ContractPriceItem } from '@shop/contract/contract-prices';
import type { Part } from '@shop/contract/parts';
import { useEffect, useState } from 'react';
import { showError, showInfo, showSuccess } from '../../../lib/toasts';
import { useAccessRefusal } from '../../auth';
import { partsPastTheirDay, pastDayMessage, todayUtc } from '../price-rows';
import { useContractPrices, useSaveContractPrices } from './prices';

/** A row as the admin edits it: the part, its price as typed and its last day (empty: no end). */
export interface PriceRow {
  partsId: string;
  partsName: string;
  unitPrice: string;
  validUntil: string;
  listPrice: number;
  expired?: boolean;
  /** The price and last day as the list was read: a price that ran out may stay so. */
  saved?: { unitPrice: string; validUntil: string };
}

const rowOf = (item: ContractPriceItem): PriceRow => ({
  partsId: item.partsId,
  partsName: item.partsName,
  unitPrice: String(item.unitPrice),
  validUntil: item.validUntil ?? '',
  listPrice: item.listPrice,
  expired: item.expired,
  saved: { unitPrice: String(item.unitPrice), validUntil: item.validUntil ?? '' },
});

const newRow = (part: Part): PriceRow => ({
  partsId: part._id,
  partsName: part.name,
  listPrice: part.price_per_piece,
  unitPrice: '',
  validUntil: '',
});

/**
 * A company's contract prices as the shop's admin edits them: the rows, a part picked added
 * (once), and Save, which first checks that no new or changed price ends in the past (the API
 * keeps a price that ran out only as it was saved).
 */
export function usePriceRows(companyId: string) {
  const prices = useContractPrices(companyId);
  useAccessRefusal(prices.error);
  const save = useSaveContractPrices(companyId);
  const [rows, setRows] = useState<PriceRow[]>([]);
  useEffect(() => setRows(prices.data?.items.map(rowOf) ?? []), [prices.data]);
  /** Whether Save was pressed: from then on a last day in the past is marked on its row. */
  const [tried, setTried] = useState(false);
  const change = (index: number, patch: Partial<PriceRow>) =>
    setRows((now) => now.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => setRows((now) => now.filter((_, at) => at !== index));
  const pick = (part: Part) => {
    if (rows.some((row) => row.partsId === part._id)) showInfo(`${part.name} is in the list already`);
    else setRows((now) => [...now, newRow(part)]);
  };
  const submit = () => {
    setTried(true);
    const refused = partsPastTheirDay(rows, todayUtc());
    if (refused.size > 0) {
      showError(
        new Error(pastDayMessage(rows.filter((row) => refused.has(row.partsId)).map((r) => r.partsName))),
      );
      return;
    }
    const items = rows.map((row) => ({
      partsId: row.partsId,
      unitPrice: Number(row.unitPrice),
      ...(row.validUntil ? { validUntil: row.validUntil } : {}),
    }));
    save.mutate(
      { items },
      { onSuccess: () => showSuccess('Contract prices saved'), onError: (error) => showError(error) },
    );
  };
  const past = tried ? partsPastTheirDay(rows, todayUtc()) : new Set<string>();
  return { loading: prices.isPending, saving: save.isPending, rows, past, change, remove, pick, submit };
}
