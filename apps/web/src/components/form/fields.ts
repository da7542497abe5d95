import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

/** What a field component (text-field.tsx) takes of a field of `form`: its registration and its error. */
export function fieldsOf<T extends FieldValues>(form: UseFormReturn<T, any, any>) {
  return <Name extends FieldPath<T>>(name: Name, options?: RegisterOptions<T, Name>) => ({
    registration: form.register(name, options),
    error: get(form.formState.errors, name) as FieldError | undefined,
  });
}
