import { createStore } from 'zustand/vanilla';

export type ErrorKind = 'request' | 'script' | 'rejection';

/** One front-end error, as the log indicator lists it. */
export interface ErrorLogEntry {
  id: number;
  kind: ErrorKind;
  message: string;
  /** The page the operator was on. */
  url: string;
  at: string;
}

/** Only the newest entries are kept: the indicator is a recent-trouble view, not an archive. */
export const errorLogLimit = 200;

interface ErrorLogState {
  entries: ErrorLogEntry[];
  clear(): void;
}

let nextId = 1;

export const errorLog = createStore<ErrorLogState>((set) => ({
  entries: [],
  clear: () => set({ entries: [] }),
}));

export function logError(kind: ErrorKind, message: string) {
  const entry: ErrorLogEntry = {
    id: nextId++,
    kind,
    message,
    url: typeof location === 'undefined' ? '' : location.href,
    at: new Date().toISOString(),
  };
  errorLog.setState((s) => ({ entries: [entry, ...s.entries].slice(0, errorLogLimit) }));
}
