import {
  type FieldValues,
  get,
  type UseFormProps,
  type UseFormReturn,
  useForm as useHookForm,
} from 'react-hook-form';

/**
 * react-hook-form's useForm, whose `register` also writes the field's default value into the
 * markup: react-hook-form puts it into the field from the browser alone, so a page the server
 * rendered (a buyer's mobile number on My Profile, their name on Add Review) would show the
 * field empty until the app took the page over, and the app would take the text typed meanwhile
 * for an edit of an empty field.
 */
export function useForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformed = TFieldValues,
>(
  props?: UseFormProps<TFieldValues, TContext, TTransformed>,
): UseFormReturn<TFieldValues, TContext, TTransformed> {
  const form = useHookForm(props);
  const defaults = form.formState.defaultValues;
  const register: typeof form.register = (name, options) => {
    const value: unknown = get(defaults, name);
    const shown =
      typeof value === 'string' || typeof value === 'number' ? { defaultValue: String(value) } : {};
    return { ...form.register(name, options), ...shown };
  };
  return { ...form, register };
}
