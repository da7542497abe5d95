/**
 * The buyer's reference for a line (designators, a cost code), under its part's name, where they
 * gave one: on quotes, saved lists, orders and the packing list alike.
 */
export function LineReferenceNote({ reference }: { reference: string | undefined }) {
  return reference ? (
    <span className="block break-words text-xs text-base-content/70">Ref: {reference}</span>
  ) : null;
}
