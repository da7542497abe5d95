import { useEffect, useRef, useState } from 'react';

/**
 * Whether the app has taken this part of the page over: `pending` in the server's markup and
 * until React has hydrated it, then `live`. A form (`data-form`) or a link or button whose click
 * needs the app (`data-click`) carries it: main.tsx holds what is sent or clicked while it is
 * pending, and does it again once it is live.
 */
export function useLiveState(): 'live' | 'pending' {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live ? 'live' : 'pending';
}

/**
 * For the fields of the server's page whose values the app keeps in state: what was typed or
 * chosen in them before the app took the page over (React leaves it showing in the field) is
 * handed to `adopt` once, by field name, for the app to act on as if it had been done there. Put
 * the returned ref on the element around the named fields.
 */
export function useShownBeforeLive<T extends HTMLElement>(adopt: (shown: Map<string, string>) => void) {
  const around = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app takes the page over
  useEffect(() => {
    const fields = around.current?.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]') ?? [];
    adopt(new Map([...fields].map((field) => [field.name, field.value])));
  }, []);
  return around;
}
