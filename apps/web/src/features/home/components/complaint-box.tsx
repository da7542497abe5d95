import type { FormEvent } from 'react';
import { showInfo } from '../../../lib/toasts';

/** The complaints/suggestion box of the home page (SPEC.md §2). */
export function ComplaintBox() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showInfo('Sending suggestions opens soon. Thank you for your patience.');
  };
  return (
    <section aria-labelledby="complaint-heading" className="card bg-base-100 shadow">
      <form className="card-body gap-4" onSubmit={onSubmit}>
        <h2 id="complaint-heading" className="card-title text-2xl text-primary">
          Complaints and suggestions
        </h2>
        <label className="form-control w-full">
          <span className="label-text mb-1 block">Full Name</span>
          <input
            name="name"
            required
            maxLength={100}
            autoComplete="name"
            className="input input-bordered w-full"
          />
        </label>
        <label className="form-control w-full">
          <span className="label-text mb-1 block">Describe</span>
          <textarea
            name="message"
            required
            maxLength={2000}
            rows={4}
            className="textarea textarea-bordered w-full"
          />
        </label>
        <label className="flex cursor-pointer items-center gap-3">
          <input type="checkbox" name="consent" required className="checkbox checkbox-primary" />
          <span className="label-text">I agree that the shop may contact me about this.</span>
        </label>
        <button type="submit" className="btn btn-primary self-start">
          Send
        </button>
      </form>
    </section>
  );
}
