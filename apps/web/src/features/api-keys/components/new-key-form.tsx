import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
  MAX_API_KEY_NAME_LENGTH,
} from '@shop/contract/api-keys';
import { ChoicesForm } from '../../../components/form/choices-form';
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
  const create = useCreateApiKey();
  return (
    <ChoicesForm
      title="Make a key"
      field={{
        name: 'name',
        label: 'Name',
        className: 'w-full max-w-md',
        maxLength: MAX_API_KEY_NAME_LENGTH,
        placeholder: 'Our ERP',
      }}
      choices={{
        legend: 'What the key may do',
        all: API_KEY_SCOPES,
        text: SCOPE_TEXT,
        initial: ['catalog:read'],
      }}
      submitLabel="Make key"
      create={create}
      body={(name, scopes) => ({ name, scopes })}
      onCreated={onCreated}
    />
  );
}
