import { useEffect, useRef } from 'react';
import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  set,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm as useHookForm,
} from 'react-hook-form';

export type ShopForm<
  TFieldValues extends FieldValues,
  TContext = unknown,
  TTransformed = TFieldValues,
> = UseFormReturn<TFieldValues, TContext, TTransformed> & {
  /** What a field component (components/form/text-field.tsx) takes: its registration and its error. */
  field: <Name extends FieldPath<TFieldValues>>(
    name: Name,
    options?: RegisterOptions<TFieldValues, Name>,
  ) => { registration: UseFormRegisterReturn<Name>; error: FieldError | undefined };
};

/**
 * react-hook-form's useForm, whose `register` also writes the field's default value into the
 * markup: react-hook-form puts it into the field from the browser alone, so a page the server
 * rendered (a buyer's mobile number on My Profile, their name on Add Review) would show the
 * field empty until the app took the page over.
 *
 * Text typed into such a field before the app took the page over is kept, as an edit: taking a
 * field over, react-hook-form writes its default value into it, so what the field held is read
 * first and set back once the form is mounted, as an edit (`reset` to the values with it, keeping
 * the default values).
 */
export function useForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformed = TFieldValues,
>(
  props?: UseFormProps<TFieldValues, TContext, TTransformed>,
): ShopForm<TFieldValues, TContext, TTransformed> {
  const form = useHookForm(props);
  // Only what the form's first commit finds (a page taken over): a field registered again later
  // (after a reset) holds what was typed into the app itself.
  const mounted = useRef(false);
  const typed = useRef(new Map<FieldPath<TFieldValues>, string>()).current;
  // After react-hook-form's own effects, which make the form show what it learns from then on.
  useEffect(() => {
    mounted.current = true;
    if (typed.size === 0) return;
    const values = form.getValues();
    for (const [name, value] of typed) set(values, name, value);
    typed.clear();
    form.reset(values, { keepDefaultValues: true });
  });
  const defaults = form.formState.defaultValues;
  const register: typeof form.register = (name, options) => {
    const value: unknown = get(defaults, name);
    if (typeof value !== 'string' && typeof value !== 'number') return form.register(name, options);
    const registration = form.register(name, options);
    return {
      ...registration,
      defaultValue: String(value),
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        const before = mounted.current ? undefined : typedBefore(element);
        registration.ref(element);
        if (before !== undefined) typed.set(name, before);
      },
    };
  };
  const field = <Name extends FieldPath<TFieldValues>>(
    name: Name,
    options?: RegisterOptions<TFieldValues, Name>,
  ) => ({
    registration: register(name, options),
    error: get(form.formState.errors, name) as FieldError | undefined,
  });
  return { ...form, register, field };
}

/** What a text field holds other than what the page came with, if anything. */
function typedBefore(element: HTMLInputElement | HTMLTextAreaElement | null): string | undefined {
  if (!element || typeof element.value !== 'string') return undefined;
  return element.value !== element.defaultValue ? element.value : undefined;
}
