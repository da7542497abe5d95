import type { FormEvent } from 'react';
import { showInfo } from '../../../lib/toasts';

/** The Contact Us form of the home page (SPEC.md §2). */
export function ContactForm() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showInfo('Sending messages opens soon. Until then, write to sales@example.com.');
  };
  return (
    <section aria-labelledby="contact-heading" className="card bg-primary text-primary-content shadow">
      <form className="card-body gap-4" onSubmit={onSubmit}>
        <h2 id="contact-heading" className="card-title text-2xl">
          Contact Us
        </h2>
        <label className="form-control w-full">
          <span className="mb-1 block">Email</span>
          <input
            type="email"
            name="email"
            required
            maxLength={254}
            autoComplete="email"
            className="input input-bordered w-full text-base-content"
          />
        </label>
        <label className="form-control w-full">
          <span className="mb-1 block">Message</span>
          <textarea
            name="message"
            required
            maxLength={2000}
            rows={4}
            className="textarea textarea-bordered w-full text-base-content"
          />
        </label>
        <button type="submit" className="btn btn-warning self-start">
          Send
        </button>
      </form>
    </section>
  );
}
