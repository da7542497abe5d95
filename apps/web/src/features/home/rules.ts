import { zodResolver } from '@hookform/resolvers/zod';
import { ComplaintBody, ContactMessageBody } from '@shop/contract/messages';

/** The home page's forms' rules, the API's own; loaded when a form is first used (see lazyRules). */
export const contactRules = zodResolver(ContactMessageBody.omit({ kind: true }));
export const complaintRules = zodResolver(ComplaintBody.omit({ kind: true }));
