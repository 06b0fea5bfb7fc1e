import type { Config } from '../../../platform/config.js';
import type { OrderPlatform } from '../tables.js';
import type { ReceiptValidator } from '../validator.js';
import { appleValidator } from './apple.js';
import { googleValidator } from './google.js';
import { testValidator, testValidatorAllowed } from './test-validator.js';

/** The validators a server runs, by platform: a platform without one refuses its receipts. */
export type ReceiptValidators = ReadonlyMap<OrderPlatform, ReceiptValidator>;

/**
 * The validators the settings give. The test validator runs unless `NODE_ENV=production` (and
 * there only when a setting allows it); Apple's and Google's run when their settings are given.
 */
export function receiptValidators(config: Pick<Config, 'testReceipts' | 'stores'>): ReceiptValidators {
  const map = new Map<OrderPlatform, ReceiptValidator>();
  if (testValidatorAllowed(config.testReceipts)) map.set('test', testValidator(config.testReceipts));
  if (config.stores.apple) map.set('apple', appleValidator(config.stores.apple));
  if (config.stores.google) map.set('google', googleValidator(config.stores.google));
  return map;
}
