// negotiator 1.1's own API (its `preferred` option is newer than the DefinitelyTyped types).
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The acceptable ones of `available`, best first: the client's q, then `preferred`'s order. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
