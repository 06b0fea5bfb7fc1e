import { defineArea } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { constantResource, constantTypeLabels } from './constant.js';
import { dictionaryResource } from './dictionary.js';
import { resourceGameEndpoints } from './game-endpoints.js';

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    constant: {
      label: zhEn('常量 {id}', 'constant {id}'),
      page: { route: 'settingConstantAdd', query: (id) => ({ key: id }) },
    },
    dictionary: {
      label: zhEn('字典条目 {id}', 'dictionary entry {id}'),
      page: { route: 'settingDictionary', query: (id) => ({ search: id }) },
    },
  },
  actions: {
    ...resourceActions('constant', zhEn('常量', 'constant')),
    ...resourceActions('dictionary', zhEn('字典条目', 'dictionary entry')),
  },
} satisfies AreaAudit;

/** Live content of the kit the game reads: constants and the dictionary, and the game's content endpoint. */
export const contentArea = defineArea({
  name: 'content',
  values: { type: constantTypeLabels },
  audit,
  endpoints: {
    ...resourceEndpoints(constantResource),
    ...resourceEndpoints(dictionaryResource),
    ...resourceGameEndpoints,
  },
  resources: { constant: constantResource, dictionary: dictionaryResource },
});

// What the area offers the server and the console beside its declaration.
export * from './constant.js';
export * from './dictionary.js';
