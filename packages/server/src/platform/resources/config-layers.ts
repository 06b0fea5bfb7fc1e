import type { ConfigPlayer, ExperimentAssignment } from '@rookery/contracts';
import type { Db } from '../db/client.js';

/** What a config layer gives one player: the fields it sets, what the game is told, its version. */
export interface ConfigLayerResult {
  /** Config field → the value this layer gives it (below a tester override and any lower `order`). */
  variables: ReadonlyMap<string, ExperimentAssignment>;
  /** Entries of the game's `experiments` list (an A/B test and the player's variation). */
  list: { key: string; variation: number; variationName: string }[];
  /** The layer's version for this answer: part of the config's one version, so no change hides behind a 304. */
  version: string;
}

/**
 * A layer of remote config an area plugs in (`kit.configLayer`): A/B experiments today, segments
 * later. Tester overrides stay on top; then the layers by ascending `order` (the first that sets
 * a field wins); then the fields' events, conditions and defaults. `expose` is true for the
 * game's fetch (an exposure may be recorded) and false for the console's "test on a player".
 */
export interface ConfigLayer {
  name: string;
  order: number;
  layer: (db: Db, player: ConfigPlayer, now: Date, opts: { expose: boolean }) => Promise<ConfigLayerResult | undefined>;
}

/**
 * The registered config layers, in their `order` (never the areas' line order). A second layer
 * of the same name or order, or one registered once the server started, is refused: a layer is
 * declared by its area's `register`, whose `needs` put it after the config area.
 */
export class ConfigLayers {
  private layers: ConfigLayer[] = [];
  private started = false;

  add(layer: ConfigLayer): void {
    if (this.started)
      throw new Error(
        `config layer ${layer.name} registered after the server started: register it in its area's register`,
      );
    const same = this.layers.find((l) => l.name === layer.name || l.order === layer.order);
    if (same)
      throw new Error(
        same.name === layer.name
          ? `config layer ${layer.name} registered twice`
          : `config layers ${same.name} and ${layer.name} share the order ${layer.order}`,
      );
    this.layers = [...this.layers, layer].sort((a, b) => a.order - b.order);
  }

  /** No more layers: called when the server is ready (before it listens). */
  seal(): void {
    this.started = true;
  }

  /** The layers, by ascending order. */
  list(): readonly ConfigLayer[] {
    return this.layers;
  }
}
