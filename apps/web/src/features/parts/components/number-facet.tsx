import type { Facet } from '@shop/contract/catalog';
import { parseMeasure } from '@shop/contract/measures';
import { useEffect, useId, useState } from 'react';
import { formatCount } from '../../../lib/format';
import { useHydrated } from '../../../lib/hydrated';
import { filterValues } from '../catalog-state';
import { rangeFields, readRangeFields, shownUnit } from '../range-input';
import { measureText } from '../specification';

/** The common values a number facet offers as boxes to tick (the rest are a range away). */
const COMMON_VALUES = 8;

/**
 * A number attribute's filter: a min–max pair taking `4.7u`, `10k`, `2.5` (in the unit shown),
 * checked as the API reads it, the error under the field at fault; and its most common values as
 * boxes to tick. A range and ticked values are two ways of one filter: choosing one clears the other.
 * It sits in the finder's form of choices (facet-panel.tsx): until the app runs, the range is one
 * field as the address writes it (`2mm..3mm`, `f.<key>`) and the ticked values are sent as `f.<key>`.
 */
export function NumberFacet({
  facet,
  value,
  onChange,
}: {
  facet: Facet;
  /** The filter as the address holds it (`2mm..3mm`, `0.0024,0.0032`), '' for none. */
  value: string;
  onChange: (value: string) => void;
}) {
  const ids = useId();
  const hydrated = useHydrated();
  const smallest = facet.min ?? facet.values?.reduce((low, v) => Math.min(low, Number(v.value)), Infinity);
  const shown = shownUnit(facet.unit, Number.isFinite(smallest) ? smallest : undefined);
  const [fields, setFields] = useState(() => rangeFields(value));
  const [problem, setProblem] = useState<{ field: 'min' | 'max'; message: string } | null>(null);
  // The address changed (back button, a link, Clear): the fields show its range.
  useEffect(() => {
    setFields(rangeFields(value));
    setProblem(null);
  }, [value]);

  const apply = () => {
    const reading = readRangeFields(fields.min, fields.max, facet.unit, shown);
    if (!reading.ok) return setProblem(reading);
    setProblem(null);
    if (reading.value !== (value.includes('..') ? value : '')) onChange(reading.value);
  };
  const ticked = filterValues(value).map((item) => parseMeasure(item, facet.unit));
  const common = [...(facet.values ?? [])]
    .slice(0, COMMON_VALUES)
    .sort((a, b) => Number(a.value) - Number(b.value));
  const tick = (number: number, on: boolean) => {
    const kept = ticked.filter((item): item is number => item !== undefined && item !== number);
    onChange([...kept, ...(on ? [number] : [])].map(String).join(','));
  };
  const field = (name: 'min' | 'max', label: string, placeholder: number | undefined) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${ids}-${name}`} className="block text-xs">
        {label}
      </label>
      <input
        id={`${ids}-${name}`}
        className={`input input-sm input-bordered w-full ${problem?.field === name ? 'input-error' : ''}`}
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        placeholder={placeholder === undefined ? '' : measureText(placeholder, facet.unit)}
        value={fields[name]}
        // Enter applies this range (the form around it is the page's, sent only without the app).
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          apply();
        }}
        aria-invalid={problem?.field === name}
        aria-describedby={problem?.field === name ? `${ids}-problem` : undefined}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      />
    </div>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 font-semibold">
        {facet.name}
        {shown && <span className="font-normal text-base-content/70"> ({shown})</span>}
      </legend>
      {hydrated ? (
        <div className="flex items-end gap-2">
          {field('min', 'Min', facet.min)}
          {field('max', 'Max', facet.max)}
          <button type="button" className="btn btn-sm" onClick={apply}>
            Apply
          </button>
        </div>
      ) : (
        <div>
          <label htmlFor={`${ids}-range`} className="block text-xs">
            Range with units (min..max)
          </label>
          <input
            id={`${ids}-range`}
            name={`f.${facet.key}`}
            className="input input-sm input-bordered w-full"
            autoComplete="off"
            maxLength={81}
            placeholder={
              facet.min === undefined || facet.max === undefined
                ? '2.5..10'
                : `${measureText(facet.min, facet.unit)}..${measureText(facet.max, facet.unit)}`
            }
            defaultValue={value.includes('..') ? value : ''}
          />
        </div>
      )}
      {problem && (
        <p id={`${ids}-problem`} className="text-sm text-error">
          {problem.message}
        </p>
      )}
      {common.length > 1 && (
        <ul className="space-y-0.5">
          {common.map(({ value: raw, count }) => {
            const number = Number(raw);
            return (
              <li key={String(raw)}>
                <label className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    // Not controlled: a tick shows at once (facet-panel.tsx).
                    key={String(ticked.includes(number))}
                    type="checkbox"
                    name={`f.${facet.key}`}
                    value={String(number)}
                    className="checkbox checkbox-sm"
                    defaultChecked={ticked.includes(number)}
                    onChange={(event) => tick(number, event.target.checked)}
                  />
                  <span className="flex-1">{measureText(number, facet.unit)}</span>
                  <span className="text-base-content/70">{formatCount(count)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
