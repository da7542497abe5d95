import { useNavigate, useParams } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toastOutcome } from '../../../lib/toasts';
import { usePart } from '../../parts';
import { useEditPart } from '../api/add-part';
import { AvailabilityForm } from '../components/availability-form';
import { ProductForm } from '../components/product-form';
import { ReceiveForm } from '../components/receive-form';

/**
 * Edit or restock a part: the same rules as adding one; orders already placed keep their price.
 * Beside it, the part's availability (saved on its own) and the receipt of pieces that arrived.
 */
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
        <div className="flex flex-col gap-6 xl:flex-row xl:items-start">
          <div className="xl:w-1/2 xl:max-w-xl">
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
          </div>
          <div className="flex flex-col gap-6 xl:w-1/2 xl:max-w-xl">
            <AvailabilityForm part={part.data} />
            <ReceiveForm part={part.data} />
          </div>
        </div>
      )}
    </section>
  );
}
