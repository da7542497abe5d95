import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
  MAX_API_KEY_NAME_LENGTH,
} from '@shop/contract/api-keys';
import { type FormEvent, useId, useState } from 'react';
import { showError } from '../../../lib/toasts';
import { useCreateApiKey } from '../api/api-keys';

/** What each scope lets a key do, as the page explains it. */
export const SCOPE_TEXT: Record<ApiKeyScope, string> = {
  'catalog:read': 'Read the catalog',
  'orders:read': 'Read orders',
  'orders:write': 'Place and cancel orders',
  'quotes:write': 'Ask for, read and answer quotes',
};

/** Makes a named key with the scopes ticked; `onCreated` receives the key, shown this once. */
export function NewKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const ids = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['catalog:read']);
  const create = useCreateApiKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
        onError: (error) => showError(error),
      },
    );
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((now) =>
      on ? API_KEY_SCOPES.filter((s) => s === scope || now.includes(s)) : now.filter((s) => s !== scope),
    );
  return (
    <form onSubmit={submit} className="card bg-base-200/60" aria-labelledby={`${ids}-title`}>
      <div className="card-body grid gap-3 p-4 sm:p-6">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Make a key
        </h2>
        <div>
          <label htmlFor={`${ids}-name`} className="mb-1 block font-medium">
            Name
          </label>
          <input
            id={`${ids}-name`}
            className="input input-bordered w-full max-w-md"
            value={name}
            required
            maxLength={MAX_API_KEY_NAME_LENGTH}
            placeholder="Our ERP"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <fieldset>
          <legend className="mb-1 font-medium">What the key may do</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                />
                <span>
                  {SCOPE_TEXT[scope]} <code className="text-xs">{scope}</code>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={create.isPending || scopes.length === 0 || !name.trim()}
          >
            Make key
          </button>
        </div>
      </div>
    </form>
  );
}
