// The kit's resources are declared by their areas; `resources` is the fold (`areas.ts`).
export { gameVisibleKinds, type ResourceName, resources } from '../areas.js';
export { constantResource } from './constant.js';
export { resourceGameEndpoints } from './content.js';
export { dictionaryResource } from './dictionary.js';
