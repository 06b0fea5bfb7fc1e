// The kit's resources are declared by their areas; `resources` is the fold (`areas.ts`).

export { constantResource } from '../areas/content/constant.js';
export { dictionaryResource } from '../areas/content/dictionary.js';
export { resourceGameEndpoints } from '../areas/content/game-endpoints.js';
export { gameVisibleKinds, type ResourceName, resources } from '../areas.js';
