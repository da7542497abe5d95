import type { Part } from '@shop/contract/parts';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { useForm } from '../../../lib/form';

interface ProductFields {
  name: string;
  desc: string;
  minQ: string;
  availQ: string;
  netPrice: string;
  image: FileList;
}

export interface ProductValues {
  name: string;
  desc: string;
  min_order_quantity: number;
  available_quantity: number;
  price_per_piece: number;
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
  const { field, handleSubmit, reset, getValues } = useForm<ProductFields>({
    ...(part
      ? {
          defaultValues: {
            name: part.name,
            desc: part.desc,
            minQ: String(part.min_order_quantity),
            availQ: String(part.available_quantity),
            netPrice: String(part.price_per_piece),
          },
        }
      : {}),
  });
  const submit = handleSubmit((form) => {
    const image = form.image[0];
    if (!image && !part) return;
    onSubmit(
      {
        name: form.name,
        desc: form.desc,
        min_order_quantity: Number(form.minQ),
        available_quantity: Number(form.availQ),
        price_per_piece: Number(form.netPrice),
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
      <TextField
        label="Price"
        type="number"
        min={1}
        {...field('netPrice', { required: 'Enter the price of product !', pattern: wholeNumber })}
      />
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
