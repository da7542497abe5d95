import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { showError } from '../../lib/toasts';

/**
 * A card that makes one thing from a text and a set of ticked choices (an API key: its name and
 * scopes; a webhook: its URL and events): each choice is its text and its code; submitting is
 * refused until the text is filled and something is ticked. On success the text is cleared and
 * `onCreated` receives what the shop answered (a secret it shows this once).
 */
export function ChoicesForm<Choice extends string, Body, Created>({
  title,
  field,
  choices,
  submitLabel,
  create,
  body,
  onCreated,
}: {
  title: string;
  /** The text: `name` ends its input's id; `className` sets its width. */
  field: {
    name: string;
    label: string;
    type?: 'url';
    className: string;
    maxLength: number;
    placeholder: string;
    hint?: string;
  };
  choices: {
    legend: string;
    /** Every choice, in the order shown and sent. */
    all: readonly Choice[];
    text: Record<Choice, string>;
    initial: Choice[];
  };
  submitLabel: string;
  create: Pick<UseMutationResult<Created, Error, Body>, 'mutate' | 'isPending'>;
  /** The request's body, from the trimmed text and the ticked choices. */
  body: (text: string, ticked: Choice[]) => Body;
  onCreated: (created: Created) => void;
}) {
  const ids = useId();
  const [text, setText] = useState('');
  const [ticked, setTicked] = useState<Choice[]>(choices.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(body(text.trim(), ticked), {
      onSuccess: (created) => {
        setText('');
        onCreated(created);
      },
      onError: (error) => showError(error),
    });
  };
  const toggle = (choice: Choice, on: boolean) =>
    setTicked((now) =>
      on ? choices.all.filter((c) => c === choice || now.includes(c)) : now.filter((c) => c !== choice),
    );
  return (
    <form onSubmit={submit} className="card bg-base-200/60" aria-labelledby={`${ids}-title`}>
      <div className="card-body grid gap-3 p-4 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <div>
          <label htmlFor={`${ids}-${field.name}`} className="mb-1 block font-medium">
            {field.label}
          </label>
          <input
            id={`${ids}-${field.name}`}
            type={field.type}
            className={`input input-bordered ${field.className}`}
            value={text}
            required
            maxLength={field.maxLength}
            placeholder={field.placeholder}
            onChange={(event) => setText(event.target.value)}
          />
          {field.hint && <p className="mt-1 text-sm text-base-content/70">{field.hint}</p>}
        </div>
        <fieldset>
          <legend className="mb-1 font-medium">{choices.legend}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {choices.all.map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={ticked.includes(choice)}
                  onChange={(event) => toggle(choice, event.target.checked)}
                />
                <span>
                  {choices.text[choice]} <code className="text-xs">{choice}</code>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={create.isPending || ticked.length === 0 || !text.trim()}
          >
            {submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
