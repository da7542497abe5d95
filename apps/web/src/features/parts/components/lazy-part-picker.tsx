import { type ComponentProps, lazy, Suspense } from 'react';
import type { PartPicker as Picker } from './part-picker';

/*
 * The picker reads the catalog's search, whose contract (with zod) the first download leaves out:
 * it loads when an admin's page shows it.
 */
const Loaded = lazy(async () => ({ default: (await import('./part-picker')).PartPicker }));

/** The part picker (components/part-picker.tsx), loaded when first shown. */
export function PartPicker(props: ComponentProps<typeof Picker>) {
  return (
    <Suspense fallback={<p className="text-sm text-base-content/70">Loading the part search…</p>}>
      <Loaded {...props} />
    </Suspense>
  );
}
