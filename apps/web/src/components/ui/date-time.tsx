type Precision = 'short' | 'medium';

const formatters = new Map<Precision, Intl.DateTimeFormat>();

/** Made when first used: the first formatter of a page loads the locale's data. */
function formatter(time: Precision): Intl.DateTimeFormat {
  let made = formatters.get(time);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: time });
    formatters.set(time, made);
  }
  return made;
}

/** A moment, in the reader's own time zone. */
export function DateTime({ at, time = 'medium' }: { at: string; time?: Precision }) {
  return <time dateTime={at}>{formatter(time).format(new Date(at))}</time>;
}
