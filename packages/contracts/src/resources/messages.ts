import { type Label, l } from '../permissions.js';

/** Messages of the resource kit and the resources declared with it (spread into `messages`). */
export const resourceMessages = {
  'resource.keyFormat': l(
    '以字母开头，只能包含字母、数字、下划线、点和 -，最多 100 个字符',
    'Starts with a letter; letters, digits, _ . and - only; at most 100 characters',
  ),
  'resource.versionFormat': l('版本号应为正整数', 'The version is a positive whole number'),
  'resource.keyTaken': l('{label}“{key}”已存在', '{label} "{key}" already exists'),
  'resource.keyTakenField': l('该名称已存在', 'This name is taken'),
  'resource.keyImmutable': l('名称不能修改', 'The name cannot be changed'),
  'resource.notFound': l('{label}“{key}”不存在', '{label} "{key}" not found'),
  'resource.versionNotFound': l('版本不存在', 'Version not found'),
  'resource.referenceMissing': l('引用的项目不存在', 'The item this refers to does not exist'),
  'resource.referenceMissingMsg': l('引用的{kind}“{key}”不存在', 'The {kind} "{key}" this refers to does not exist'),
  'resource.referenced': l('仍被引用，不能删除：{where}', 'Still referred to, cannot be deleted: {where}'),
  'resource.expireAfterEffective': l('失效时间应晚于生效时间', 'The expiry must be after the start'),
  'resource.unknownKind': l('未知的内容类型', 'Unknown content kind'),
  'constant.type': l('类型应为数字、字符串、布尔、JSON 或文本', 'The type is number, string, boolean, JSON or text'),
  'constant.valueNumber': l('值应为数字', 'The value must be a number'),
  'constant.valueString': l('值应为字符串', 'The value must be a string'),
  'constant.valueBoolean': l('值应为 true 或 false', 'The value must be true or false'),
  'constant.valueText': l('值应为字典键', 'The value must be a dictionary key'),
  'constant.valueTooLong': l('值太长', 'The value is too long'),
  'dictionary.textRequired': l('请输入文本', 'Please enter the text'),
  'dictionary.textTooLong': l('文本最多 2000 个字符', 'At most 2000 characters'),
  'unlock.kind': l('类型应为道具、企鹅种类或功能', 'The kind is item, penguin type or feature'),
  'unlock.level': l('成就等级应为 1 到 1000 的整数', 'The achievement level is a whole number from 1 to 1000'),
  'unlock.unknownTarget': l('游戏目录中没有该类型的这一项', 'The game catalogue has no such entry of this kind'),
} as const satisfies Record<string, Label>;
