import { useInBrowser } from '../../lib/in-browser';

type Precision = 'short' | 'medium';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Made when first used: the first formatter of a page loads the locale's data. */
function formatter(time: Precision, timeZone: 'UTC' | undefined): Intl.DateTimeFormat {
  const key = `${time} ${timeZone ?? 'local'}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: time, timeZone });
    formatters.set(key, made);
  }
  return made;
}

/**
 * A moment, in the reader's own time zone. The server does not know that zone: a page it renders
 * shows the moment in UTC, saying so, and the app, taking the page over with the same text, then
 * shows it in local time (React renders again with the browser's value after hydration).
 */
export function DateTime({ at, time = 'medium' }: { at: string; time?: Precision }) {
  const inBrowser = useInBrowser();
  const text = formatter(time, inBrowser ? undefined : 'UTC').format(new Date(at));
  return <time dateTime={at}>{inBrowser ? text : `${text} UTC`}</time>;
}
