/**
 * A page the server rendered is whole without the app: a visitor reads it, scrolls it and follows
 * its links while the app's script stays unloaded, so a phone spends no time on it. The app starts
 * when the visitor first touches, clicks, types or moves a mouse over the page.
 *
 * A click on a link or button, or a form sent, on markup the app has not taken over yet (the app
 * still starting, or a part of the page whose code is still loading, like the home page's forms)
 * is held, and done again once the app has taken that element over. A held link is followed by
 * the browser if the app could not start or did not take it over within 10 seconds. What was typed
 * into a field or chosen in a list before the app took it over is told to the app once it has
 * (see `tellTyped`, `tellChosen`).
 */
const STARTING_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;
const TAKE_OVER_WAIT_MS = 10_000;

/** Whether React has taken this element over (it then keeps its fiber on the element). */
const takenOver = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

type Action = { element: HTMLElement; run: () => void; fallback?: () => void };

/** Safari has no requestIdleCallback. */
export const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 50);

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Fields whose value is text typed in (a file, a box or a colour is chosen, and kept as chosen). */
const TYPED_INPUTS = new Set(['text', 'email', 'tel', 'number', 'search', 'url', 'password']);
const isTextField = (target: EventTarget | null): target is TextField =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && TYPED_INPUTS.has(target.type));

/**
 * React learns of typing from input events, and only of a value other than the one it last knew,
 * which it reads when it takes the field over: text typed before that stays unknown to it, and a
 * form library that saw the text then (react-hook-form) counts it without showing the form
 * edited. So the typing is told again, as the visitor would do it: the field set back to what
 * the page came with, then the typed text put back, each as an input event, past React's own
 * watch of the value (the prototype's setter), so that each is a change to it. The caret stays
 * where it was; a number field holding what is not yet a number (its value reads as empty) is
 * left as it is.
 */
function tellTyped(field: TextField): void {
  const typed = field.value;
  if (typed === field.defaultValue || field.validity.badInput) return;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!setValue) return;
  // Email and number fields have no caret to keep (they answer null).
  const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = field;
  for (const value of [field.defaultValue, typed]) {
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (start !== null && end !== null && document.activeElement === field) {
    field.setSelectionRange(start, end, direction ?? undefined);
  }
}

/** A choice made in a list before the app took it over, told to React as the change it was. */
function tellChosen(list: HTMLSelectElement, value: string): void {
  list.value = value;
  list.dispatchEvent(new Event('change', { bubbles: true }));
}

export function startOnFirstInteraction(start: () => Promise<void>): { startNow(): void } {
  let state: 'waiting' | 'starting' | 'started' | 'failed' = 'waiting';
  let held: Action | undefined;
  /** Fields typed into or lists chosen in before the app took them over, and how to tell React. */
  const untold = new Map<HTMLElement, () => void>();
  /** Fields where an input method is composing text (told once it is done). */
  const composing = new Set<EventTarget>();

  const note = (element: HTMLElement, tell: () => void) => {
    untold.set(element, tell);
    if (state === 'started') tellWhenTakenOver();
  };
  const noteTyping = (event: Event) => {
    const field = event.target;
    if (isTextField(field) && !takenOver(field)) note(field, () => tellTyped(field));
  };
  const noteChoice = (event: Event) => {
    const list = event.target;
    if (list instanceof HTMLSelectElement && !takenOver(list)) {
      // Kept now: taking a list over, React selects the option its state names.
      const value = list.value;
      note(list, () => tellChosen(list, value));
    }
  };

  function tellWhenTakenOver() {
    const since = performance.now();
    const check = () => {
      for (const [element, tell] of untold) {
        if (element.isConnected && (!takenOver(element) || composing.has(element))) continue;
        untold.delete(element);
        // Once React has committed the render that took the element over (see replayWhenTakenOver).
        if (element.isConnected) whenIdle(tell);
      }
      if (untold.size > 0 && performance.now() - since < TAKE_OVER_WAIT_MS) requestAnimationFrame(check);
    };
    check();
  }

  const hold = (event: Event) => {
    if (event.defaultPrevented || state === 'failed') return;
    let action: Action;
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      const form = event.target;
      action = { element: form, run: () => form.requestSubmit() };
    } else if (event instanceof MouseEvent && event.button === 0 && event.target instanceof Element) {
      const target = event.target.closest<HTMLElement>('a[href], button');
      if (!target || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      if (target instanceof HTMLAnchorElement && (target.target || target.origin !== location.origin)) return;
      action = {
        element: target,
        run: () => target.click(),
        fallback: target instanceof HTMLAnchorElement ? () => location.assign(target.href) : undefined,
      };
    } else {
      return;
    }
    if (state === 'started' && takenOver(action.element)) return;
    event.preventDefault();
    event.stopPropagation();
    held = action;
    if (state === 'started') replayWhenTakenOver();
    else begin();
  };

  function replayWhenTakenOver() {
    const since = performance.now();
    const check = () => {
      const action = held;
      if (!action) return;
      if (!action.element.isConnected) {
        held = undefined;
      } else if (takenOver(action.element)) {
        // React marks an element while it renders it; its handlers work once that render is
        // committed, which is done when the browser is next idle.
        held = undefined;
        whenIdle(action.run);
      } else if (performance.now() - since > TAKE_OVER_WAIT_MS) {
        held = undefined;
        action.fallback?.();
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  }

  function begin() {
    if (state !== 'waiting') return;
    state = 'starting';
    for (const type of STARTING_EVENTS) window.removeEventListener(type, begin, true);
    start().then(
      () => {
        state = 'started';
        tellWhenTakenOver();
        replayWhenTakenOver();
      },
      (error: unknown) => {
        state = 'failed';
        held?.fallback?.();
        held = undefined;
        throw error;
      },
    );
  }

  // Held for the page's life: a part of the page can be taken over well after the app started.
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', noteTyping, true);
  document.addEventListener('change', noteChoice, true);
  document.addEventListener('compositionstart', (event) => event.target && composing.add(event.target), true);
  document.addEventListener(
    'compositionend',
    (event) => event.target && composing.delete(event.target),
    true,
  );
  for (const type of STARTING_EVENTS) window.addEventListener(type, begin, { capture: true, passive: true });
  return { startNow: begin };
}
