import { type Label, zhEn } from '../../bilingual.js';

/** Messages of the A/B tests (issue 30), spread into `messages`. */
export const abtestMessages = {
  'abtest.coverage': zhEn(
    '流量应为 0.01% 到 100%，最多两位小数',
    'The traffic is from 0.01% to 100%, at most two decimals',
  ),
  'abtest.weight': zhEn('权重应为 1 到 99 之间的数', 'A weight is a number from 1 to 99'),
  'abtest.weightsSum': zhEn('各版本权重之和应为 100', 'The weights of the variations add up to 100'),
  'abtest.variationsCount': zhEn('实验需要 2 到 10 个版本', 'An experiment has 2 to 10 variations'),
  'abtest.variationNameTaken': zhEn('版本名称不能重复', 'Each variation has its own name'),
  'abtest.fieldsRequired': zhEn('请至少选择一个实验改变的配置字段', 'Choose at least one config field it changes'),
  'abtest.fieldTwice': zhEn('同一配置字段只能选择一次', 'Each config field once'),
  'abtest.variableNotInFields': zhEn(
    '该字段不在实验改变的配置字段中',
    'This field is not among the config fields the experiment changes',
  ),
  'abtest.variableTwice': zhEn('同一版本中每个字段只能设置一次', 'Each field once per variation'),
  'abtest.forcedVariation': zhEn('没有这个版本', 'No such variation'),
  'abtest.forcedTwice': zhEn('同一玩家只能指定一次', 'Each player once'),
  'abtest.forcedTooMany': zhEn('最多指定 100 名测试玩家', 'At most 100 test players'),
  'abtest.endAfterStart': zhEn('结束时间应晚于开始时间', 'The end must be after the start'),
  'abtest.endInPast': zhEn(
    '计划结束时间已经过去：实验运行后不会有玩家进入',
    'The planned end has passed: once running, the experiment would assign no player',
  ),
  'abtest.metric': zhEn(
    '指标应为次日留存、7 日留存或某个事件',
    'A metric is day-1 retention, day-7 retention or a named event',
  ),
  'abtest.metricTwice': zhEn('同一指标只能选择一次', 'Each metric once'),
  'abtest.unknownField': zhEn('配置字段“{field}”不存在', 'The config field "{field}" does not exist'),
  'abtest.unknownFieldShort': zhEn('配置字段不存在', 'No such config field'),
  'abtest.valueType': zhEn(
    '版本“{variation}”中字段“{field}”的值应为{type}',
    'In variation "{variation}", the value of "{field}" must be a {type}',
  ),
  'abtest.transition': zhEn('实验状态不能从“{from}”变为“{to}”', 'An experiment cannot go from "{from}" to "{to}"'),
  'abtest.layerFull': zhEn(
    '层“{layer}”的空闲流量只有 {free}%，不足 {needed}%',
    'Layer "{layer}" has {free}% free, less than the {needed}% needed',
  ),
  'abtest.layerChange': zhEn('实验运行后不能更换层', 'The layer cannot change once the experiment has run'),
  'abtest.runningVariables': zhEn(
    '运行中的实验不能修改版本或其变量：请停止后新建实验',
    'The variations and variables of a running experiment cannot change: stop it and create a new one',
  ),
  'abtest.coverageShrink': zhEn(
    '运行中的实验流量只能增加（已进入的玩家不会被移出）',
    'A running experiment’s traffic can only grow (players already in it stay in)',
  ),
  'abtest.fieldInUse': zhEn(
    '配置字段“{field}”已被运行中的实验“{experiment}”改变',
    'The config field "{field}" is already changed by the running experiment "{experiment}"',
  ),
  'abtest.fieldInUseShort': zhEn('已被另一个运行中的实验使用', 'Used by another running experiment'),
  'abtest.notRunning': zhEn('只有运行中的实验可以这样做', 'Only a running experiment can do this'),
  'abtest.restoreRunning': zhEn(
    '只能恢复草稿状态实验的旧版本',
    'Only a draft experiment can be restored to an older version',
  ),
  'abtest.phaseNotFound': zhEn('该实验没有这个阶段', 'The experiment has no such phase'),
  'abtest.eventName': zhEn(
    '事件名以小写字母开头，只能包含字母、数字、下划线和点，最多 64 个字符',
    'An event name starts with a small letter; letters, digits, _ and . only; at most 64 characters',
  ),
  'abtest.eventValue': zhEn('事件数值应为有限数字', 'An event value is a finite number'),
  'abtest.events': zhEn('每次上报 1 到 100 个事件', 'Report 1 to 100 events a call'),
  'abtest.eventTime': zhEn(
    '事件时间应在过去 7 天内，且不晚于当前 5 分钟',
    'An event happened within the last 7 days and at most 5 minutes ahead',
  ),
  'abtest.cursor': zhEn('翻页位置无效', 'Not a valid page position'),
} as const satisfies Record<string, Label>;
