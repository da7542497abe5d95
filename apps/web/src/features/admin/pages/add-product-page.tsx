import { toastOutcome } from '../../../lib/toasts';
import { useAddPart } from '../api/add-part';
import { ProductForm } from '../components/product-form';

export function AddProductPage() {
  const addPart = useAddPart();
  return (
    <section>
      <ProductForm
        submitLabel={addPart.isPending ? 'Adding…' : 'Add'}
        busy={addPart.isPending}
        onSubmit={({ image, ...part }, done) => {
          if (!image) return;
          addPart.mutate(
            { ...part, image },
            toastOutcome('Product added successfully', () => done()),
          );
        }}
      />
    </section>
  );
}
