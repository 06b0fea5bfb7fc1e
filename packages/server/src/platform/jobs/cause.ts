import type { JobCause } from './define.js';

/**
 * The cause of a job enqueued by a console call: the signed-in staff member, the action (the
 * endpoint's audit name) and its target. The handler's audit rows are written under it.
 */
export function causeOf(
  ctx: { session: { userId: number; username: string } | null; ip: string },
  action: string,
  target: string | null = null,
): JobCause {
  return { actorId: ctx.session?.userId ?? null, actor: ctx.session?.username ?? null, action, target, ip: ctx.ip };
}
