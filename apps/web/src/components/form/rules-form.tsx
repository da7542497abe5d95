import type { FormEventHandler, ReactNode } from 'react';

/**
 * A form checked by its lazily loaded rules (`lazyRules`): they start loading at the form's first
 * focus or touch, and the browser's own checks stay off so that the rules' messages are the ones shown.
 */
export function RulesForm({
  rules,
  onSubmit,
  className = 'flex flex-col gap-3',
  children,
}: {
  rules: { warm: () => void };
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={onSubmit}
      onFocus={rules.warm}
      onPointerDown={rules.warm}
      noValidate
    >
      {children}
    </form>
  );
}
