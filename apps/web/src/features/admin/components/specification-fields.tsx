import { LIFECYCLE_NAMES, LIFECYCLES, type Lifecycle, MAX_PART_DOCUMENTS } from '@shop/contract/catalog';
import { formatMeasure, parseMeasure } from '@shop/contract/measures';
import type { Part } from '@shop/contract/parts';
import { useEffect } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { TextField } from '../../../components/form/text-field';
import { inTreeOrder, useCategories } from '../../categories';

/** A part's specification as the product form holds it: every value as typed. */
export interface SpecificationFields extends FieldValues {
  categoryId: string;
  mpn: string;
  manufacturer: string;
  lifecycle: Lifecycle;
  replacementId: string;
  attrs: Record<string, string>;
  docs: { title: string; url: string }[];
}

/** What the API takes of it: empty fields cleared, numbers left as typed (the server reads `4.7u`). */
export interface SpecificationValues {
  categoryId: string | null;
  mpn: string | null;
  manufacturer: string | null;
  lifecycle: Lifecycle;
  replacementId: string | null;
  attributes: Record<string, string | boolean>;
  documents: { title: string; url: string }[];
}

/** A value as its field starts: numbers in the base unit until the category's units are known. */
const showValue = (value: number | string | boolean) => String(value);

export function specificationDefaults(part?: Part): SpecificationFields {
  return {
    categoryId: part?.categoryId ?? '',
    mpn: part?.mpn ?? '',
    manufacturer: part?.manufacturer ?? '',
    lifecycle: part?.lifecycle ?? 'active',
    replacementId: part?.replacementId ?? '',
    attrs: Object.fromEntries(
      Object.entries(part?.attributes ?? {}).map(([key, value]) => [key, showValue(value)]),
    ),
    docs: part?.documents ?? [],
  };
}

export function specificationValues(
  fields: SpecificationFields,
  keys: readonly string[],
): SpecificationValues {
  const attributes: Record<string, string | boolean> = {};
  for (const key of keys) {
    const value = fields.attrs[key]?.trim() ?? '';
    if (value === 'true' || value === 'false') attributes[key] = value === 'true';
    else if (value) attributes[key] = value;
  }
  const orNull = (value: string) => value.trim() || null;
  return {
    categoryId: orNull(fields.categoryId),
    mpn: orNull(fields.mpn),
    manufacturer: orNull(fields.manufacturer),
    lifecycle: fields.lifecycle,
    replacementId: orNull(fields.replacementId),
    attributes,
    documents: fields.docs.filter((doc) => doc.title.trim() && doc.url.trim()),
  };
}

/** The keys of the chosen category's attributes, for `specificationValues`. */
export function useAttributeKeys(categoryId: string): string[] {
  const categories = useCategories();
  return categories.data?.find((c) => c._id === categoryId)?.attributes.map((a) => a.key) ?? [];
}

/**
 * The product form's Specification: category, numbers, lifecycle and replacement, the chosen
 * category's attributes (numbers as people write them: 4.7u, 10kΩ, 2.4mm) and the documents.
 */
export function SpecificationEditor<T extends SpecificationFields>({ form }: { form: UseFormReturn<T> }) {
  const spec = form as unknown as UseFormReturn<SpecificationFields>;
  const field = fieldsOf(spec);
  const categories = useCategories();
  const chosen = categories.data?.find((c) => c._id === spec.watch('categoryId'));
  const docs = useFieldArray({ control: spec.control, name: 'docs' });
  // Once the units are known, a number the part carries reads with its prefix and unit (0.0024
  // metres as 2.4 mm), which the server reads back as the same number.
  useEffect(() => {
    for (const attribute of chosen?.attributes ?? []) {
      const name = `attrs.${attribute.key}` as const;
      const value = spec.getValues(name);
      if (attribute.type === 'number' && value && !spec.getFieldState(name).isDirty) {
        const number = Number(value);
        if (Number.isFinite(number)) spec.setValue(name, formatMeasure(number, attribute.unit));
      }
    }
  }, [chosen, spec]);
  if (!categories.data) return <p>Loading the categories…</p>;
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-2 sm:p-3">
      <legend className="px-1 font-medium">Specification</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="w-full">
          <span className="mb-1 block font-medium">Category</span>
          <select className="select select-bordered w-full" {...spec.register('categoryId')}>
            <option value="">(none)</option>
            {inTreeOrder(categories.data ?? []).map((c) => (
              <option key={c._id} value={c._id}>
                {c.path}
              </option>
            ))}
          </select>
        </label>
        <label className="w-full">
          <span className="mb-1 block font-medium">Lifecycle</span>
          <select className="select select-bordered w-full" {...spec.register('lifecycle')}>
            {LIFECYCLES.map((lifecycle) => (
              <option key={lifecycle} value={lifecycle}>
                {LIFECYCLE_NAMES[lifecycle]}
              </option>
            ))}
          </select>
        </label>
        <TextField label="Manufacturer part number" maxLength={60} {...field('mpn')} />
        <TextField label="Manufacturer" maxLength={80} {...field('manufacturer')} />
      </div>
      <TextField
        label="Replacement (part id)"
        hint="The part to take instead, for parts not recommended or obsolete"
        {...field('replacementId', {
          pattern: { value: /^[0-9a-f-]{36}$/i, message: 'Enter the id of a part' },
        })}
      />
      {chosen && chosen.attributes.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {chosen.attributes.map((attribute) =>
            attribute.type === 'boolean' ? (
              <label key={attribute.key} className="w-full">
                <span className="mb-1 block font-medium">{attribute.name}</span>
                <select
                  className="select select-bordered w-full"
                  {...spec.register(`attrs.${attribute.key}`)}
                >
                  <option value="">(not given)</option>
                  <option value="true">Yes</option>
                  <option value="false">No</option>
                </select>
              </label>
            ) : (
              <TextField
                key={attribute.key}
                label={attribute.unit ? `${attribute.name} (${attribute.unit})` : attribute.name}
                maxLength={100}
                {...(attribute.type === 'number'
                  ? { hint: 'A number; a prefix and the unit may follow: 2.4mm, 4.7u, 10k' }
                  : {})}
                {...field(`attrs.${attribute.key}` as Path<SpecificationFields>, {
                  validate: (value) =>
                    attribute.type !== 'number' ||
                    !String(value ?? '').trim() ||
                    parseMeasure(String(value), attribute.unit) !== undefined ||
                    `Enter a number${attribute.unit ? ` in ${attribute.unit}` : ''}, such as 4.7k or 2.2u`,
                })}
              />
            ),
          )}
        </div>
      )}
      <div className="flex flex-col gap-2">
        <p className="font-medium">Documents</p>
        {docs.fields.map((row, index) => (
          <fieldset key={row.id} className="grid grid-cols-[1fr_2fr_auto] items-end gap-2">
            <legend className="sr-only">Document {index + 1}</legend>
            <TextField
              label="Title"
              maxLength={80}
              {...field(`docs.${index}.title`, { required: 'Enter a title' })}
            />
            <TextField
              label="Address"
              maxLength={2000}
              {...field(`docs.${index}.url`, { required: 'Enter an address' })}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`Remove document ${index + 1}`}
              onClick={() => docs.remove(index)}
            >
              Remove
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={docs.fields.length >= MAX_PART_DOCUMENTS}
          onClick={() => docs.append({ title: 'Datasheet', url: '' })}
        >
          Add document
        </button>
      </div>
    </fieldset>
  );
}
