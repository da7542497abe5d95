import { useNavigate, useParams } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toastOutcome } from '../../../lib/toasts';
import { usePart } from '../../parts';
import { useEditPart } from '../api/add-part';
import { ProductForm } from '../components/product-form';

/** Edit or restock a part: the same rules as adding one; orders already placed keep their price. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const part = usePart(id);
  const editPart = useEditPart(id);
  const navigate = useNavigate();
  return (
    <section>
      {part.isPending && <ProgressBar />}
      {part.isError && <p>This part cannot be found.</p>}
      {part.data && (
        <ProductForm
          part={part.data}
          submitLabel={editPart.isPending ? 'Saving…' : 'Save'}
          busy={editPart.isPending}
          onSubmit={(values) =>
            editPart.mutate(
              { ...values, currentImg: part.data.img },
              toastOutcome('Product updated', () => navigate('/dashboard/manage-product')),
            )
          }
        />
      )}
    </section>
  );
}
