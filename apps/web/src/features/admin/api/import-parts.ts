import type { PartsImported } from '@shop/contract/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Sends a CSV file of parts as it is; the server adds every row or none. */
export function useImportParts() {
  const queryClient = useQueryClient();
  return useMutation({
    // The file's own type is the browser's guess (often application/vnd.ms-excel): it goes as CSV.
    mutationFn: async (file: File) =>
      (
        await apiRequest<PartsImported>('/api/parts/import', {
          method: 'POST',
          body: new Blob([file], { type: 'text/csv' }),
          auth: true,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parts'] }),
  });
}
