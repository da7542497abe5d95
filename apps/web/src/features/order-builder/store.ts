import { MAX_ORDER_LINES } from '@shop/contract/order-limits';
import { useSyncExternalStore } from 'react';
import { readPunchout, subscribePunchout } from '../../lib/punchout-session';

/**
 * A line of the order being built: a part, how many pieces (as typed, checked by the builder) and
 * the buyer's reference for it as typed (designators, a cost code; checked, never cut).
 */
export interface BuilderLine {
  partsId: string;
  quantity: number;
  reference?: string;
}

const KEY = 'shop.order-builder';
const listeners = new Set<() => void>();
const NO_LINES: readonly BuilderLine[] = [];
let lines: readonly BuilderLine[] | undefined;

/**
 * Local storage; a punchout's window keeps its lines in its session storage instead, apart from
 * the buyer's own order being built in the shop's other tabs.
 */
function storage(): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return readPunchout() ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined; // storage refused (private mode, policy): the builder lives in memory only
  }
}

function isLine(value: unknown): value is BuilderLine {
  const line = value as BuilderLine;
  return (
    typeof line?.partsId === 'string' &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity > 0 &&
    (line.reference === undefined || typeof line.reference === 'string')
  );
}

/** The lines as kept in this browser (a reload, another tab and a later visit see them). */
function read(): readonly BuilderLine[] {
  if (lines) return lines;
  try {
    const kept = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    lines = Array.isArray(kept) ? kept.filter(isLine).slice(0, MAX_ORDER_LINES) : [];
  } catch {
    lines = [];
  }
  return lines;
}

function write(next: readonly BuilderLine[]): void {
  lines = next;
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // full or refused: the lines stay in memory for this page
  }
  for (const listener of listeners) listener();
}

// A punchout began or ended: the lines are read again from where they are now kept.
if (typeof window !== 'undefined')
  subscribePunchout(() => {
    lines = undefined;
    for (const listener of listeners) listener();
  });

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    lines = undefined;
    listener();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The order builder's lines; the server's render shows none (they live in the browser). */
export function useBuilderLines(): readonly BuilderLine[] {
  return useSyncExternalStore(subscribe, read, () => NO_LINES);
}

/** Adds pieces of a part: to its line if it has one (its reference kept, else this one), else as a new last line. */
export function addToOrder(partsId: string, quantity: number, reference?: string): void {
  const current = read();
  const at = current.findIndex((line) => line.partsId === partsId);
  if (at >= 0)
    write(
      current.map((line, i) =>
        i === at
          ? {
              ...line,
              quantity: line.quantity + quantity,
              ...(line.reference || !reference ? {} : { reference }),
            }
          : line,
      ),
    );
  else write([...current, { partsId, quantity, ...(reference ? { reference } : {}) }]);
}

/** Replaces every line (a saved list ordered again, a pasted quick order, edits in the builder). */
export function setBuilderLines(next: readonly BuilderLine[]): void {
  write(next.slice(0, MAX_ORDER_LINES));
}

export function clearBuilder(): void {
  write([]);
}
