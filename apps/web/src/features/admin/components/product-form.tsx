import type { Part } from '@shop/contract/parts';
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
 * The product form of Add Product and of editing a part. SPEC.md §5: every field required, each
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
  const { register, handleSubmit, formState, reset, getValues } = useForm<ProductFields>({
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
  const { errors } = formState;
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
    <form className="card max-w-xl bg-base-100 shadow" onSubmit={submit} noValidate>
      <div className="card-body gap-3">
        <TextField
          label="Name"
          maxLength={120}
          registration={register('name', { required: 'Enter a product name !' })}
          error={errors.name}
        />
        <TextAreaField
          label="Description"
          rows={3}
          maxLength={2000}
          registration={register('desc', { required: 'Enter a short description !' })}
          error={errors.desc}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Min Quantity"
            type="number"
            min={1}
            registration={register('minQ', {
              required: 'Enter a min quantity number !',
              pattern: wholeNumber,
            })}
            error={errors.minQ}
          />
          <TextField
            label="Available Quantity"
            type="number"
            min={0}
            registration={register('availQ', {
              required: 'Enter a available quantity number !',
              pattern: wholeNumber,
              validate: (value) =>
                Number(value) === 0 ||
                Number(getValues('minQ')) <= Number(value) ||
                'Must be at least the min quantity',
            })}
            error={errors.availQ}
          />
        </div>
        <TextField
          label="Price"
          type="number"
          min={1}
          registration={register('netPrice', {
            required: 'Enter the price of product !',
            pattern: wholeNumber,
          })}
          error={errors.netPrice}
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
          registration={register('image', part ? {} : { required: 'Enter an image !' })}
          error={errors.image}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
