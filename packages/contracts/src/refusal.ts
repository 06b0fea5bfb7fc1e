// Apart from `http.ts` (zod schemas): the console's request layer reads it before sign-in, and the
// login page loads no zod.

/**
 * A refusal the console expects (issue 41 item 8): the server answered 4xx (a wrong password, a
 * failed check, a missing record), not a timeout (408) nor "no such address". Said to the
 * operator, never a front-end error or an incident.
 */
export const isExpectedRefusal = (answer: { status?: number; unknownAddress?: boolean }) =>
  answer.status !== undefined &&
  answer.status >= 400 &&
  answer.status < 500 &&
  answer.status !== 408 &&
  !answer.unknownAddress;
