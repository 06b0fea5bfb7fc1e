/** Spec §9: a screen's script that has not arrived within 120 seconds counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

/** `load()`, rejected with a clear error if it takes longer than `ms`. */
export function withTimeout<T>(load: () => Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
