/** Shown while something the page depends on (sign-in state, admin check) is still loading. */
export function ProgressBar({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="w-full px-4 py-2" role="status">
      <progress className="progress progress-primary w-full" aria-label={label} />
    </div>
  );
}
