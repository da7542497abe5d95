import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's rules (a contract schema checked with zod) loaded when the form is first used instead
 * of with its page: zod and the schemas are most of a form page's script, and a phone would
 * otherwise run them before it can show the page. `warm` starts the load (call it when the form
 * gets focus or a touch); the first check waits for it. A failed load is tried again next time.
 */
export function lazyRules<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, any, Output>>,
): { resolver: Resolver<Input, any, Output>; warm: () => void } {
  let loading: Promise<Resolver<Input, any, Output>> | undefined;
  const rules = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await rules())(values, context, options),
    warm: () => void rules().catch(() => undefined),
  };
}
