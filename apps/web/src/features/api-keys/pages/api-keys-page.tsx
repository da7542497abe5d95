import { type CreatedApiKey, MAX_API_KEYS } from '@shop/contract/api-keys';
import { useState } from 'react';
import { CappedList } from '../../../components/ui/capped-list';
import { useApiKeys } from '../api/api-keys';
import { KeysTable } from '../components/keys-table';
import { NewKeyForm } from '../components/new-key-form';
import { ShownKey } from '../components/shown-key';

/**
 * Dashboard › API keys: keys for the buyer's own systems (an ERP, a stock script), each named and
 * limited to what it may do; a company admin's keys act for the company.
 */
export function ApiKeysPage() {
  const { data: keys, isPending, isError } = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey>();
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-base-content/80">
        Let your own systems read the catalog, follow your orders or place them, without your password. A key
        does what you may do, only what you tick, and stops working the moment you revoke it. If you run a
        company, only its admins make keys, and they act for the company.
      </p>
      {created && <ShownKey created={created} onDone={() => setCreated(undefined)} />}
      <NewKeyForm onCreated={setCreated} />
      <CappedList
        noun="keys"
        items={keys}
        isPending={isPending}
        isError={isError}
        max={MAX_API_KEYS}
        empty={<p>No keys yet: make one above.</p>}
      >
        {(list) => <KeysTable keys={list} />}
      </CappedList>
    </div>
  );
}
