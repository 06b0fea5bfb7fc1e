import { defineArea } from '../area.js';
import { resourceEndpoints } from '../resource.js';
import { constantResource } from '../resources/constant.js';
import { resourceGameEndpoints } from '../resources/content.js';
import { dictionaryResource } from '../resources/dictionary.js';

/** Live content of the kit the game reads: constants and the dictionary, and the game's content endpoint. */
export const contentArea = defineArea({
  name: 'content',
  endpoints: {
    ...resourceEndpoints(constantResource),
    ...resourceEndpoints(dictionaryResource),
    ...resourceGameEndpoints,
  },
  resources: { constant: constantResource, dictionary: dictionaryResource },
});
