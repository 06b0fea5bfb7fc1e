import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { whole } from '../../fields.js';
import { MAX_AMOUNT, resourceKindSchema } from '../../game-catalogue.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { documentText } from '../../text.js';
import { gameEventNameSchema } from '../abtest/resources.js';
import { eachOnce, editedWith } from '../store/resources.js';

/** Most fill rules of one piggy bank. */
export const MAX_PIGGY_RULES = 50;

/**
 * A piggy bank (issue 43 item 2): it fills with one resource from named game events (each rule:
 * an event name and what one event adds), up to its cap; the IAP item `purchaseId` breaks it, and
 * the purchase grants what the bank held at verification time. Its window is the kit's
 * (`effectiveAt`/`expireAt`); banks of one product may not overlap in time.
 */
export const piggyBankSchema = z
  .object({
    name: resourceKeySchema,
    titleZh: documentText(50),
    titleEn: documentText(50),
    resource: resourceKindSchema,
    rules: z
      .array(
        z.object({
          event: gameEventNameSchema,
          amount: whole(0, MAX_AMOUNT, 'piggyBank.amount'),
        }),
      )
      .min(1, { error: 'piggyBank.rulesRequired' })
      .max(MAX_PIGGY_RULES, { error: 'piggyBank.rulesTooMany' }),
    cap: whole(1, MAX_AMOUNT, 'piggyBank.cap'),
    purchaseId: z
      .number({ error: 'piggyBank.purchaseId' })
      .int({ error: 'piggyBank.purchaseId' })
      .positive({ error: 'piggyBank.purchaseId' }),
  })
  .superRefine((doc, ctx) => eachOnce(ctx, doc.rules, (r) => r.event, ['rules'], 'event', 'piggyBank.eventTwice'));
export type PiggyBank = z.infer<typeof piggyBankSchema>;

export const piggyBankResource = defineResource({
  name: 'piggyBank',
  label: zhEn('存钱罐', 'Piggy bank'),
  schema: piggyBankSchema,
  key: 'name',
  listFields: ['name', 'titleZh', 'titleEn', 'resource', 'cap', 'purchaseId', 'rules'],
  labels: {
    titleZh: zhEn('名称（中文）', 'Name (Chinese)'),
    titleEn: zhEn('名称（英文）', 'Name (English)'),
    resource: zhEn('存入资源', 'Fills with'),
    rules: zhEn('存入规则', 'Fill rules'),
    cap: zhEn('上限', 'Cap'),
    purchaseId: zhEn('破罐商品', 'Breaking product'),
  },
  list: {
    filters: { state: { kind: 'state', label: zhEn('状态', 'State') } },
    sort: ['name', 'cap', 'updatedAt'],
    export: ['name', 'titleZh', 'titleEn', 'resource', 'cap', 'purchaseId', 'effectiveAt', 'expireAt', 'updatedAt'],
  },
  search: ['name', 'titleZh', 'titleEn'],
  permissions: editedWith('iapGiftConfigQuery', 'iapGiftConfigEdit'),
  versioned: true,
  gameVisible: false,
  window: true,
  references: [{ field: 'purchaseId', kind: 'purchaseItem', keys: (doc) => [String(doc.purchaseId)] }],
  routes: { list: 'productPiggyBank', edit: 'piggyBankEdit', create: 'piggyBankAdd' },
});
