import type { NewMessageBody } from '@shop/contract/messages';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { fieldsOf } from '../../../components/form/fields';
import { toastOutcome } from '../../../lib/toasts';
import { useSendMessage } from '../api/send-message';

/**
 * A home page form that sends a message of `kind`: checked by its lazily loaded `rules`, it thanks
 * the visitor and empties itself once sent. No default values: the form arrives rendered on the
 * server, and what a visitor typed before the app started is the form's value (react-hook-form
 * would write its defaults over it).
 */
export function useMessageForm<Input extends FieldValues, Output>(
  rules: { resolver: Resolver<Input, unknown, Output> },
  kind: NewMessageBody['kind'],
  thanks: string,
  emptied: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> & {
  field: ReturnType<typeof fieldsOf<Input>>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
} {
  const send = useSendMessage();
  const form = useForm<Input, unknown, Output>({ resolver: rules.resolver });
  const onSubmit = form.handleSubmit((fields) =>
    send.mutate(
      { kind, ...fields } as unknown as NewMessageBody,
      toastOutcome(thanks, () => form.reset(emptied)),
    ),
  );
  return { ...form, field: fieldsOf(form), onSubmit, busy: send.isPending };
}
