import { useEffect, useState } from 'react';

/**
 * Whether the app has taken this part of the page over (false in the server's markup and until
 * React has hydrated it). A form (`data-form`) or a link or button whose click needs the app
 * (`data-click`) says so as `pending` or `live`: main.tsx holds what is sent or clicked while it
 * is pending, and does it again once it is live.
 */
export function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
}

export const liveState = (live: boolean) => (live ? 'live' : 'pending');
