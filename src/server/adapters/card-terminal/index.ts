import type { CardTerminalPort } from './port.ts';
import { createCardTerminalSimulator } from './simulator.ts';

export * from './port.ts';

type Simulator = ReturnType<typeof createCardTerminalSimulator>;
let current: CardTerminalPort | undefined;
let simulator: Simulator | undefined;

/** The process's card terminal. Only the built-in `simulator` exists so far (CARD_TERMINAL_PROVIDER). */
export function cardTerminal(): CardTerminalPort {
  if (!current) {
    simulator = createCardTerminalSimulator();
    current = simulator;
  }
  return current;
}

/** The simulator's "decline the next card" switch (demo shops and tests); false when not simulated. */
export function declineNextCard(reason?: string): boolean {
  cardTerminal();
  if (!simulator || current !== simulator) return false;
  simulator.declineNext(reason);
  return true;
}

/** For tests: use this adapter (undefined restores the default). */
export function useCardTerminalForTests(port: CardTerminalPort | undefined): void {
  current = port;
  simulator = undefined;
}
