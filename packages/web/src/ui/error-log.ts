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

/** What else an error carries to the server's front-end log (the indicator shows the message). */
export interface ErrorDetail {
  stack?: string;
  /** The failed data request (spec §8). */
  request?: {
    method: string;
    url: string;
    status: number;
    /** The answer's message key: what the server's incidents group by. */
    key?: string;
    /** The server knows no such address. */
    unknownAddress?: true;
  };
}

export type ErrorListener = (entry: ErrorLogEntry, detail: ErrorDetail) => void;
const listeners = new Set<ErrorListener>();

/** Hear every logged error (the shipper sends them to the server in batches). */
export function onErrorLogged(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function logError(kind: ErrorKind, message: string, detail: ErrorDetail = {}) {
  const entry: ErrorLogEntry = {
    id: nextId++,
    kind,
    message,
    url: typeof location === 'undefined' ? '' : location.href,
    at: new Date().toISOString(),
  };
  errorLog.setState((s) => ({ entries: [entry, ...s.entries].slice(0, errorLogLimit) }));
  for (const listener of listeners) listener(entry, detail);
}
