import { useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { PageHeading } from '../../../components/ui/page-heading';
import { showError, showSuccess } from '../../../lib/toasts';
import { useAddPart } from '../api/add-part';

interface ProductForm {
  name: string;
  desc: string;
  minQ: string;
  availQ: string;
  netPrice: string;
  image: FileList;
}

const wholeNumber = { value: /^\d+$/, message: 'Enter a whole number' };

/** SPEC.md §5: every field required, each with its own message, word for word. */
export function AddProductPage() {
  const addPart = useAddPart();
  const { register, handleSubmit, formState, reset, getValues } = useForm<ProductForm>();
  const { errors } = formState;
  const onSubmit = handleSubmit((form) => {
    const image = form.image[0];
    if (!image) return;
    addPart.mutate(
      {
        name: form.name,
        desc: form.desc,
        min_order_quantity: Number(form.minQ),
        available_quantity: Number(form.availQ),
        price_per_piece: Number(form.netPrice),
        image,
      },
      {
        onSuccess: () => {
          showSuccess('Product added successfully');
          reset();
        },
        onError: (error) => showError(error),
      },
    );
  });
  return (
    <section>
      <PageHeading title="Add Product">Add Product</PageHeading>
      <form className="card max-w-xl bg-base-100 shadow" onSubmit={onSubmit} noValidate>
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
          <TextField
            label="Image"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className="file-input file-input-bordered w-full"
            registration={register('image', { required: 'Enter an image !' })}
            error={errors.image}
          />
          <button type="submit" className="btn btn-primary self-start" disabled={addPart.isPending}>
            {addPart.isPending ? 'Adding…' : 'Add'}
          </button>
        </div>
      </form>
    </section>
  );
}
