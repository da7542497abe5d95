/** The buyer's own number for a part, under its name (a product page, an order's line). */
export function YourPartNumber({ number, className }: { number: string | undefined; className?: string }) {
  if (!number) return null;
  return (
    <span className={`block text-xs text-base-content/80 ${className ?? ''}`}>
      Your part number: <span className="font-mono">{number}</span>
    </span>
  );
}
