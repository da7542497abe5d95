import { zodResolver } from '@hookform/resolvers/zod';
import { NewReviewBody } from '@shop/contract/reviews';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { RulesForm } from '../../../components/form/rules-form';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { toastOutcome } from '../../../lib/toasts';
import { useSession } from '../../auth';
import { useAddReview } from '../api/add-review';

/** docs/product.md §2, §5: name prefilled, a rating (hint 0 to 5) and a message. */
export function AddReviewPage() {
  const session = useSession();
  const addReview = useAddReview();
  const form = useForm({
    resolver: zodResolver(NewReviewBody),
    defaultValues: { name: session.status === 'signed-in' ? session.user.name : '', rating: '', message: '' },
  });
  const { handleSubmit, reset } = form;
  const field = fieldsOf(form);
  const onSubmit = handleSubmit((review) =>
    addReview.mutate(
      review,
      toastOutcome('Thank you for your Review.', () => reset()),
    ),
  );
  return (
    <section>
      <RulesForm
        onSubmit={onSubmit}
        className="card max-w-xl bg-base-100 shadow"
        body="card-body gap-3"
        submit={{ label: 'Add Review', busy: addReview.isPending, className: 'btn btn-primary self-start' }}
      >
        <TextField label="Name" required maxLength={100} {...field('name')} />
        <TextField
          label="Rating"
          type="number"
          required
          placeholder="0 to 5"
          hint="0 to 5"
          {...field('rating')}
        />
        <TextAreaField label="Message" required maxLength={2000} {...field('message')} />
      </RulesForm>
    </section>
  );
}
