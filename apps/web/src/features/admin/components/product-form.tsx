import { MAX_QUANTITY } from '@shop/contract/part-pricing';
import { MAX_ORDER_MULTIPLE, MAX_PRICE_BREAKS, type Part, type PriceBreak } from '@shop/contract/parts';
import { useEffect } from 'react';
import { type FieldError, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { RowsFieldset } from '../../../components/form/rows-fieldset';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { formatCount } from '../../../lib/format';
import {
  type PriceBreakFields,
  priceBreakFieldProblems,
  toPriceBreakFields,
  toPriceBreaks,
} from '../price-break-fields';
import {
  SpecificationEditor,
  type SpecificationFields,
  type SpecificationValues,
  specificationDefaults,
  specificationValues,
  useAttributeKeys,
} from './specification-fields';

interface ProductFields extends SpecificationFields {
  name: string;
  desc: string;
  minQ: string;
  availQ: string;
  multipleQ: string;
  netPrice: string;
  breaks: PriceBreakFields[];
  image: FileList;
}

export interface ProductValues extends SpecificationValues {
  name: string;
  desc: string;
  min_order_quantity: number;
  available_quantity: number;
  /** An order line's quantity is a multiple of it (a reel, a pack); 1: any number of pieces. */
  order_multiple: number;
  price_per_piece: number;
  /** Every price break (none: the part has none). */
  price_breaks: PriceBreak[];
  /** A new picture; none when editing keeps the current one. */
  image: File | undefined;
}

const wholeNumber = { value: /^\d+$/, message: 'Enter a whole number' };

/**
 * The product form of Add Product and of editing a part. docs/product.md §5: every field required, each
 * with its own message, word for word (an edited part may keep its picture).
 */
export function ProductForm({
  part,
  submitLabel,
  busy,
  onSubmit,
}: {
  part?: Part;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: ProductValues, done: () => void) => void;
}) {
  const form = useForm<ProductFields>({
    defaultValues: part
      ? {
          name: part.name,
          desc: part.desc,
          minQ: String(part.min_order_quantity),
          availQ: String(part.available_quantity),
          multipleQ: String(part.order_multiple),
          netPrice: String(part.price_per_piece),
          breaks: toPriceBreakFields(part.price_breaks),
          ...specificationDefaults(part),
        }
      : { multipleQ: '1', breaks: [], ...specificationDefaults() },
  });
  const { handleSubmit, reset, getValues, watch, setValue } = form;
  // Stock changes under the form (pieces received beside it, orders placed): the field follows
  // it until the admin types their own, so that Save never puts back the stock as it was.
  const stock = part?.available_quantity;
  const stockEdited = form.formState.dirtyFields.availQ === true;
  useEffect(() => {
    if (stock !== undefined && !stockEdited) setValue('availQ', String(stock));
  }, [stock, stockEdited, setValue]);
  const field = fieldsOf(form);
  const breakProblems = priceBreakFieldProblems(watch('breaks'), watch('minQ'), watch('netPrice'));
  const attributeKeys = useAttributeKeys(watch('categoryId'));
  const submit = handleSubmit((form) => {
    const image = form.image[0];
    if (!image && !part) return;
    if (breakProblems.length > 0) return;
    onSubmit(
      {
        name: form.name,
        desc: form.desc,
        min_order_quantity: Number(form.minQ),
        available_quantity: Number(form.availQ),
        order_multiple: Number(form.multipleQ),
        price_per_piece: Number(form.netPrice),
        price_breaks: toPriceBreaks(form.breaks),
        ...specificationValues(form, attributeKeys),
        image,
      },
      () => (part ? reset(form) : reset()),
    );
  });
  return (
    <RulesForm
      onSubmit={submit}
      className="card max-w-xl bg-base-100 shadow"
      body="card-body gap-3"
      submit={{ label: submitLabel, busy, className: 'btn btn-primary self-start' }}
    >
      <TextField label="Name" maxLength={120} {...field('name', { required: 'Enter a product name !' })} />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={2000}
        {...field('desc', { required: 'Enter a short description !' })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Min Quantity"
          type="number"
          min={1}
          {...field('minQ', { required: 'Enter a min quantity number !', pattern: wholeNumber })}
        />
        <TextField
          label="Available Quantity"
          type="number"
          min={0}
          {...field('availQ', {
            required: 'Enter a available quantity number !',
            pattern: wholeNumber,
            validate: (value) =>
              Number(value) === 0 ||
              Number(getValues('minQ')) <= Number(value) ||
              'Must be at least the min quantity',
          })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Price"
          type="number"
          min={1}
          {...field('netPrice', { required: 'Enter the price of product !', pattern: wholeNumber })}
        />
        <TextField
          label="Order multiple"
          type="number"
          min={1}
          max={MAX_ORDER_MULTIPLE}
          hint="Sold in multiples of this many pieces (a reel, a pack); 1: any number."
          {...field('multipleQ', {
            required: 'Enter the order multiple (1: any number of pieces)',
            pattern: wholeNumber,
            validate: (value) =>
              (Number(value) >= 1 && Number(value) <= MAX_ORDER_MULTIPLE) ||
              `Must be from 1 to ${formatCount(MAX_ORDER_MULTIPLE)}`,
          })}
        />
      </div>
      <PriceBreaksEditor form={form} problems={breakProblems} />
      <SpecificationEditor form={form} />
      {part && (
        <img
          src={part.img}
          alt={`${part.name} as it is shown now`}
          width={160}
          height={120}
          className="rounded object-cover"
        />
      )}
      <TextField
        label="Image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="file-input file-input-bordered w-full"
        {...(part ? { hint: 'Leave empty to keep the current picture' } : {})}
        {...field('image', part ? {} : { required: 'Enter an image !' })}
      />
    </RulesForm>
  );
}

/**
 * The part's price breaks (docs/api.md): from a quantity on, each piece costs less. Up to
 * MAX_PRICE_BREAKS rows, each checked as it is typed by the contract's rule, its problem at the field.
 */
function PriceBreaksEditor({
  form,
  problems,
}: {
  form: UseFormReturn<ProductFields>;
  problems: ReturnType<typeof priceBreakFieldProblems>;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'breaks' });
  const problemAt = (index: number, name: keyof PriceBreakFields): FieldError | undefined => {
    const problem = problems.find((p) => p.index === index && p.field === name);
    return problem && { type: 'price_breaks', message: problem.message };
  };
  return (
    <RowsFieldset
      legend="Price breaks"
      hint={
        <>Optional volume prices: from a quantity on, each piece costs less. At most {MAX_PRICE_BREAKS}.</>
      }
      noun="break"
      rows={fields}
      max={MAX_PRICE_BREAKS}
      addLabel="Add price break"
      onAdd={() => append({ from: '', price: '' })}
      onRemove={remove}
      row={(index) => {
        const from = fieldsOf(form)(`breaks.${index}.from`, {
          required: 'Enter a whole number',
          pattern: wholeNumber,
        });
        const price = fieldsOf(form)(`breaks.${index}.price`, {
          required: 'Enter a whole number',
          pattern: wholeNumber,
          validate: (value) => Number(value) >= 1 || 'Must be at least 1',
        });
        return (
          <>
            <TextField
              label="From quantity"
              type="number"
              min={2}
              max={MAX_QUANTITY}
              registration={from.registration}
              error={from.error ?? problemAt(index, 'from')}
            />
            <TextField
              label="$ per piece"
              type="number"
              min={1}
              registration={price.registration}
              error={price.error ?? problemAt(index, 'price')}
            />
          </>
        );
      }}
    />
  );
}
