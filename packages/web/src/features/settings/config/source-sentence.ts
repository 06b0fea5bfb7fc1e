import { type ConfigExplainField, configSourceLabels, type Locale } from '@rookery/contracts';

const quote = (locale: Locale, text: string) => (locale === 'zh-CN' ? `“${text}”` : `'${text}'`);
/** A source and its name: "Tester override 'qa-1'", "测试覆盖“qa-1”". */
const named = (locale: Locale, head: string, name: string) =>
  locale === 'zh-CN' ? `${head}${quote(locale, name)}` : `${head} ${quote(locale, name)}`;

/**
 * Why a field has its value, as a sentence in the operator's words: "Tester override 'qa-1'",
 * "Event config 'spring' · value 2 'China payers'", "Global config · value 1", "Default value".
 * The source's name comes from contracts; positions count from 1.
 */
export function sourceSentence(field: ConfigExplainField, locale: Locale): string {
  const source = configSourceLabels[field.source][locale];
  const value = () => {
    const n = (field.valueIndex ?? 0) + 1;
    const head = locale === 'zh-CN' ? `值 ${n}` : `value ${n}`;
    return field.label ? named(locale, head, field.label) : head;
  };
  switch (field.source) {
    case 'override':
      return named(locale, source, field.override ?? '');
    case 'experiment': {
      const variation = locale === 'zh-CN' ? '分组' : 'variation';
      return `${named(locale, source, field.experiment ?? '')} · ${named(locale, variation, field.variation ?? '')}`;
    }
    case 'event':
      return `${named(locale, source, field.event ?? '')} · ${value()}`;
    case 'global':
      return `${source} · ${value()}`;
    default:
      return source;
  }
}
