import { z } from 'zod';
import { endpoint, endpointTable } from '../endpoint.js';
import { mailTemplateResource, rewardTemplateResource } from '../endpoints/mail.js';
import { contentSnapshotSchema, type Resource, resourceEndpoints, resourceVersionEndpoints } from '../resource.js';
import { abLayerResource, experimentResource } from './abtest.js';
import { activityResource, activityRewardResource, purchaseActivityResource } from './activity.js';
import { configOverrideResource, configResource } from './config.js';
import { constantResource } from './constant.js';
import { dictionaryResource } from './dictionary.js';
import {
  appUpgradeResource,
  ipCountryResource,
  maintenanceAllowListResource,
  maintenanceWindowResource,
  upgradeLevelResource,
} from './gamegate.js';
import { giftPackResource, priceLevelResource, productResource, purchaseItemResource, storeResource } from './store.js';
import {
  consumptionWayResource,
  gameItemResource,
  iapSettingResource,
  purchaseMailResource,
} from './store-settings.js';
import { unlockTrackResource } from './unlock-track.js';

/** Every resource declared with the kit, by name. An area adds its resource here. */
export const resources = {
  constant: constantResource,
  dictionary: dictionaryResource,
  maintenanceWindow: maintenanceWindowResource,
  maintenanceAllowList: maintenanceAllowListResource,
  appUpgrade: appUpgradeResource,
  upgradeLevel: upgradeLevelResource,
  ipCountry: ipCountryResource,
  mailTemplate: mailTemplateResource,
  rewardTemplate: rewardTemplateResource,
  config: configResource,
  configOverride: configOverrideResource,
  unlockTrack: unlockTrackResource,
  priceLevel: priceLevelResource,
  purchaseItem: purchaseItemResource,
  product: productResource,
  giftPack: giftPackResource,
  store: storeResource,
  purchaseActivity: purchaseActivityResource,
  purchaseMail: purchaseMailResource,
  iapSetting: iapSettingResource,
  gameItem: gameItemResource,
  consumptionWay: consumptionWayResource,
  activityReward: activityRewardResource,
  activity: activityResource,
  abLayer: abLayerResource,
  experiment: experimentResource,
} as const satisfies Record<string, Resource<string, z.ZodObject, boolean, boolean>>;
export type ResourceName = keyof typeof resources;

/** The kinds the game may read. */
export const gameVisibleKinds = (Object.values(resources) as Resource[])
  .filter((r) => r.gameVisible)
  .map((r) => r.name);

/** `constant,dictionary` → the kinds; every one must be game-visible; none = all of them. */
const kindsQuery = z.preprocess(
  (v) => (v === undefined || v === '' ? [...gameVisibleKinds] : typeof v === 'string' ? v.split(',') : v),
  z
    .array(
      z
        .string()
        .trim()
        .refine((k) => gameVisibleKinds.includes(k), { error: 'resource.unknownKind' }),
    )
    .max(50),
);

/** The console endpoints of every resource, for the endpoint table. */
export const resourceConsoleEndpoints = {
  // The templates' other calls are the spec's (`spec`); their versions are the kit's.
  ...resourceVersionEndpoints(mailTemplateResource),
  ...resourceVersionEndpoints(rewardTemplateResource),
  ...resourceEndpoints(constantResource),
  ...resourceEndpoints(dictionaryResource),
  ...resourceEndpoints(configResource),
  ...resourceEndpoints(configOverrideResource),
  ...resourceEndpoints(maintenanceWindowResource),
  ...resourceEndpoints(maintenanceAllowListResource),
  ...resourceEndpoints(appUpgradeResource),
  ...resourceEndpoints(upgradeLevelResource),
  ...resourceEndpoints(ipCountryResource),
  ...resourceEndpoints(unlockTrackResource),
  ...resourceEndpoints(priceLevelResource),
  ...resourceEndpoints(purchaseItemResource),
  ...resourceEndpoints(productResource),
  ...resourceEndpoints(giftPackResource),
  ...resourceEndpoints(storeResource),
  ...resourceEndpoints(purchaseActivityResource),
  ...resourceEndpoints(purchaseMailResource),
  ...resourceEndpoints(iapSettingResource),
  ...resourceEndpoints(gameItemResource),
  ...resourceEndpoints(consumptionWayResource),
  ...resourceEndpoints(activityRewardResource),
  ...resourceEndpoints(activityResource),
  ...resourceEndpoints(abLayerResource),
  ...resourceEndpoints(experimentResource),
};

export const resourceGameEndpoints = endpointTable({
  gameGetContent: endpoint({
    method: 'GET',
    path: '/api/game/v1/content',
    summary:
      'The published content of some kinds (`?kinds=constant,dictionary`), items inside their window now; `ETag`, 304 on `If-None-Match`',
    permission: 'game',
    query: z.object({ kinds: kindsQuery }),
    // Answered from a body prepared once per change (the envelope included), with its ETag.
    raw: true,
    response: contentSnapshotSchema,
  }),
});

export { constantResource, dictionaryResource };
