import { z } from 'zod';
import { Paging } from './primitives.js';

export const AuditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.string().describe('the admin or buyer who acted, or "shop" for the shop itself'),
  action: z.string(),
  subjectId: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = z.array(AuditEntry);
export const AuditQuery = Paging;
