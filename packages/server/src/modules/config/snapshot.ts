import { createHash } from 'node:crypto';
import {
  type CompiledConfig,
  type ConfigField,
  type ConfigOverride,
  compileRemoteConfig,
  configOverrideResource,
  configResource,
} from '@rookery/contracts';
import type { ItemsByKind } from '../../platform/resources/game-views.js';

/** The resources the compiled config reads: fields and overrides. */
export const configResources = [configResource, configOverrideResource];

/**
 * Compile every config field and tester override once per change. The version names the saved
 * set (each item's kind, key and version, hashed), so every instance on the same database gives
 * the same version, and any publish, restore or delete gives a new one.
 */
export function compileConfig(items: ItemsByKind): CompiledConfig {
  const hash = createHash('sha256');
  const fields: ConfigField[] = [];
  const overrides: ConfigOverride[] = [];
  for (const r of configResources)
    for (const item of items.get(r.name) ?? []) {
      hash.update(`${r.name}\u0000${item.key}\u0000${item.version}\u0000`);
      if (r === configResource) fields.push(item.document as ConfigField);
      else overrides.push(item.document as ConfigOverride);
    }
  return compileRemoteConfig({ fields, overrides, version: hash.digest('base64url').slice(0, 16) });
}
