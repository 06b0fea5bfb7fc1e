import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';

/**
 * The stores' public notice endpoints: App Store Server Notifications v2 (the signedPayload, a
 * JWS verified up to Apple's root) and Google Play real-time developer notifications (a Pub/Sub
 * push, authenticated by the push subscription's OIDC token). Never the game key, never a session.
 */

/** What a notice came to (the store only reads the status; 2xx acknowledges). */
const noticeAnswer = z.object({
  outcome: z.enum(['processed', 'ignored', 'duplicate', 'deadLettered']),
});

export const noticeEndpoints = endpointTable({
  appleStoreNotice: endpoint({
    method: 'POST',
    path: '/api/store/v1/apple/notifications',
    summary:
      'App Store Server Notifications v2: the signed payload verified with the App Store Server Library; refunds, revocations and consumption requests processed once',
    permission: 'public',
    body: z.object({ signedPayload: z.string().max(256 * 1024) }),
    auditTarget: ['order', 'player'],
    response: noticeAnswer,
    tags: ['store'],
  }),
  googleStoreNotice: endpoint({
    method: 'POST',
    path: '/api/store/v1/google/notifications',
    summary:
      "Google Play real-time developer notifications (a Pub/Sub push with the subscription's OIDC token); voided purchases processed once",
    permission: 'public',
    body: z.object({
      message: z.object({
        data: z.string().max(64 * 1024),
        messageId: z.string().min(1).max(200),
        publishTime: z.string().max(64).optional(),
        attributes: z.record(z.string(), z.string()).optional(),
      }),
      subscription: z.string().max(500).optional(),
    }),
    auditTarget: ['order', 'player'],
    response: noticeAnswer,
    tags: ['store'],
  }),
});
