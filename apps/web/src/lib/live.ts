import { useEffect, useState } from 'react';

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
