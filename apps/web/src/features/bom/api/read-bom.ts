import type { BomMapping, BomResult } from '@shop/contract/bom';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What a BOM is read from: a chosen file or pasted text, and how. */
export interface BomRequest {
  file?: File;
  text?: string;
  boards: number;
  attrition: number;
  mapping?: BomMapping | undefined;
}

/** `POST /api/bom`: a file as a multipart form, pasted text as JSON. Nothing is ordered. */
export async function readBom(request: BomRequest): Promise<BomResult> {
  const { file, text, boards, attrition, mapping } = request;
  if (file) {
    const form = new FormData();
    form.set('file', file);
    form.set('boards', String(boards));
    form.set('attrition', String(attrition));
    if (mapping) form.set('mapping', JSON.stringify(mapping));
    return (await apiRequest<BomResult>('/api/bom', { method: 'POST', body: form, auth: true })).data;
  }
  return (
    await apiRequest<BomResult>('/api/bom', {
      method: 'POST',
      body: { text, boards, attrition, ...(mapping ? { mapping } : {}) },
      auth: true,
    })
  ).data;
}

export const useReadBom = () => useMutation({ mutationFn: readBom });
