/**
 * A page the server rendered is whole without the app: a visitor reads it, scrolls it and follows
 * its links while the app's script stays unloaded, so a phone spends no time on it. The app starts
 * when the visitor first touches, clicks, types or moves a mouse over the page. A click on a link
 * or button, or a form sent, before the app has taken over is held and done again once it has
 * (and a held link is followed by the browser if the app could not start).
 */
const STARTING_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

export function startOnFirstInteraction(start: () => Promise<void>): { startNow(): void } {
  let held: { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement } | undefined;
  let starting = false;

  const hold = (event: Event) => {
    if (event.defaultPrevented) return;
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      held = { kind: 'submit', form: event.target };
    } else if (event instanceof MouseEvent && event.button === 0 && event.target instanceof Element) {
      const target = event.target.closest<HTMLElement>('a[href], button');
      if (!target || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      if (target instanceof HTMLAnchorElement && (target.target || target.origin !== location.origin)) return;
      held = { kind: 'click', target };
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    begin();
  };

  const replay = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    const action = held;
    held = undefined;
    if (action?.kind === 'submit' && action.form.isConnected) action.form.requestSubmit();
    if (action?.kind === 'click' && action.target.isConnected) action.target.click();
  };

  function begin() {
    if (starting) return;
    starting = true;
    for (const type of STARTING_EVENTS) window.removeEventListener(type, begin, true);
    start().then(replay, (error: unknown) => {
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', hold, true);
      if (held?.kind === 'click' && held.target instanceof HTMLAnchorElement)
        location.assign(held.target.href);
      throw error;
    });
  }

  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  for (const type of STARTING_EVENTS) window.addEventListener(type, begin, { capture: true, passive: true });
  return { startNow: begin };
}
