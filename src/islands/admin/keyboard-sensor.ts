import { KeyboardSensor, type KeyboardSensorProps } from '@dnd-kit/core';

/** What dnd-kit's sensor keeps private and this one uses: its key handler (an own, bound property) and its detach. */
interface SensorInside {
  handleKeyDown: (event: Event) => void;
  detach(): void;
}

/**
 * dnd-kit's keyboard sensor (space or enter lifts, arrows move, space or enter drops, Esc cancels),
 * reading the keys from the lift on. Its own starts listening in a timer after the lift, so that the
 * lifting keydown, still on its way up to the document, does not drop the row at once; but a browser
 * hands queued key presses to the page before it runs timers, so on a busy page an arrow pressed
 * right after the lift was lost. This one listens from the lift until that timer has run, with the
 * same handler the class then listens with, which skips the lifting event and takes every other
 * event once.
 */
export class PromptKeyboardSensor extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    let over = false;
    super({
      ...props,
      onEnd: () => {
        over = true;
        props.onEnd();
      },
      onCancel: () => {
        over = true;
        props.onCancel();
      },
    });
    const inside = this as unknown as SensorInside;
    const handle = inside.handleKeyDown;
    const seen = new WeakSet<Event>([props.event]);
    const once = (event: Event) => {
      if (over || seen.has(event)) return;
      seen.add(event);
      handle(event);
    };
    // the class's timer (set in super()) adds `inside.handleKeyDown`: this same handler
    inside.handleKeyDown = once;
    const target = props.event.target;
    const doc = target instanceof Node ? (target.ownerDocument ?? document) : document;
    // its own function: the DOM keeps one registration per function, and the class's must stay
    const early = (event: Event) => once(event);
    doc.addEventListener('keydown', early);
    // set after the class's timer, so it runs after it: the class listens by then
    setTimeout(() => {
      doc.removeEventListener('keydown', early);
      // dropped or cancelled before the class's timer: the listener it has just added goes again
      if (over) inside.detach();
    });
  }
}
