import { z } from 'zod';
import { Email, Id, line, Paging, text } from './primitives.js';

/** The home page's Contact Us form. */
export const ContactMessageBody = z.object({
  kind: z.literal('contact'),
  email: Email,
  message: text({ min: 1, max: 2000 }),
});

/** The home page's complaints/suggestion box: Full Name, Describe, and the ticked checkbox. */
export const ComplaintBody = z.object({
  kind: z.literal('complaint'),
  name: line({ min: 1, max: 100 }),
  message: text({ min: 1, max: 2000 }),
  consent: z.literal(true, { error: 'must be ticked' }),
});

export const NewMessageBody = z.discriminatedUnion('kind', [ContactMessageBody, ComplaintBody], {
  error: 'kind must be contact or complaint',
});
export type NewMessageBody = z.output<typeof NewMessageBody>;

export const Message = z.object({
  _id: Id,
  kind: z.enum(['contact', 'complaint']),
  name: z.string().optional(),
  email: z.string().optional(),
  message: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof Message>;
export const MessageList = z.array(Message);
export const MessagesQuery = Paging;
