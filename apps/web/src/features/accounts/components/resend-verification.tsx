import { FormError } from '../../../components/form/form-notes';
import { useResendVerification } from '../api/verify-email';

/** "Resend verification email", with what came of it. */
export function ResendVerification() {
  const resend = useResendVerification();
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
      >
        Resend verification email
      </button>
      {resend.isSuccess && (
        <p role="status" className="text-sm">
          A new verification email is on its way.
        </p>
      )}
      <FormError message={resend.error?.message} />
    </div>
  );
}
