import { type Label, zhEn } from '../../bilingual.js';

/** Promotion records, their CSV import and the region data: every refusal in both languages. */
export const promotionMessages = {
  'promotion.date': zhEn(
    '日期格式应为 YYYY-MM-DD 且是真实存在的日期',
    'The date is a real calendar day written YYYY-MM-DD',
  ),
  'promotion.dateFuture': zhEn('日期不能晚于今天（UTC）', 'The date cannot be after today (UTC)'),
  'promotion.dateTooEarly': zhEn('日期不能早于 2000-01-01', 'The date cannot be before 2000-01-01'),
  'promotion.mediaNameRequired': zhEn('请填写媒体名称', 'Please enter the media name'),
  'promotion.mediaIdRequired': zhEn('请填写媒体 ID', 'Please enter the media ID'),
  'promotion.agencyRequired': zhEn('请填写代理商', 'Please enter the agency'),
  'promotion.accountIdRequired': zhEn('请填写账户 ID', 'Please enter the account ID'),
  'promotion.accountNameRequired': zhEn('请填写账户名称', 'Please enter the account name'),
  'promotion.country': zhEn(
    '国家/地区代码应为 ISO 3166-1 两位字母代码（如 US、CN）',
    'The country code is a two-letter ISO 3166-1 code (such as US or CN)',
  ),
  'promotion.spend': zhEn(
    '花费应为 0 到 10,000,000,000 之间的数字，最多 4 位小数，不要千位分隔符',
    'Spend is a number from 0 to 10,000,000,000 with at most 4 decimals and no thousands separators',
  ),
  'promotion.spendNegative': zhEn('花费不能为负数', 'Spend cannot be negative'),
  'promotion.install': zhEn(
    '安装数应为 0 到 1,000,000,000 之间的整数',
    'Installs is a whole number from 0 to 1,000,000,000',
  ),
  'promotion.region': zhEn(
    '省份代码应为中国省级行政区的 6 位代码（如 110000 北京市）',
    "The province code is a 6-digit code of one of China's provinces (such as 110000 Beijing)",
  ),
  'promotion.regionOnlyChina': zhEn(
    '只有国家/地区为 CN 的记录可以填写省份',
    'Only a record for country CN can name a province',
  ),
  'promotion.notFound': zhEn('推广记录不存在', 'Promotion record not found'),
  'promotion.endBeforeBegin': zhEn('结束日期不能早于开始日期', 'The end date cannot be before the begin date'),
  'promotion.rangeTooLong': zhEn('时间范围最多 366 天', 'The date range is at most 366 days'),
  'promotion.regionParent': zhEn(
    '上级代码应为 86（全国）或某个省的 6 位代码',
    "The parent code is 86 (the whole country) or a province's 6-digit code",
  ),
  'promotion.csvEmpty': zhEn('文件中没有数据行', 'The file has no data rows'),
  'promotion.csvHeader': zhEn(
    '表头不正确：缺少列 {missing}；无法识别的列 {unknown}。第一行应为：{expected}',
    'Wrong header: missing columns {missing}; unknown columns {unknown}. The first row should be: {expected}',
  ),
  'promotion.noColumns': zhEn('无', 'none'),
  'promotion.csvDuplicateColumn': zhEn(
    '表头中的列 {column} 出现了多次',
    'The header names column {column} more than once',
  ),
  'promotion.csvTooManyRows': zhEn(
    '文件有 {rows} 行数据，每次最多导入 {max} 行，请拆分后分批导入',
    'The file has {rows} data rows; at most {max} can be imported at once, so split it into several files',
  ),
  'promotion.csvTooLarge': zhEn(
    '文件过大（最大 {max}），请拆分后分批导入',
    'The file is too large (at most {max}); split it into several files',
  ),
  'promotion.csvUnreadable': zhEn(
    '无法读取 CSV 文件（第 {line} 行），请检查引号和分隔符',
    'The CSV file cannot be read (line {line}); check its quotes and separators',
  ),
  'promotion.csvColumnCount': zhEn(
    '此行有 {found} 列，表头有 {expected} 列',
    'This row has {found} columns; the header has {expected}',
  ),
  'promotion.csvDuplicateRow': zhEn(
    '与第 {row} 行是同一天、同一账户、同一国家/地区和省份的记录',
    'Same day, account, country and province as row {row}',
  ),
  'promotion.csvBadRows': zhEn(
    '{bad} 行有错误，未导入任何数据。可修改文件后重新导入，或只导入 {good} 行正确的数据',
    '{bad} rows have errors, so nothing was imported. Fix the file and import it again, or import only the {good} good rows',
  ),
  'promotion.csvNoGoodRows': zhEn('没有可以导入的正确行', 'There are no good rows to import'),
} as const satisfies Record<string, Label>;
