import { constantResource, dictionaryResource, unlockTrackResource } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';

/**
 * Configuration the game reads, declared with the resource kit: one line per resource. Each
 * gets its console endpoints, versions and reference checks; the game reads every game-visible
 * kind through `GET /api/game/v1/content`.
 */
function register({ kit }: ModuleDeps) {
  kit.register(constantResource);
  kit.register(dictionaryResource);
  kit.register(unlockTrackResource);
  kit.registerContent();
}

export const contentArea = defineArea({ name: 'content', register });
