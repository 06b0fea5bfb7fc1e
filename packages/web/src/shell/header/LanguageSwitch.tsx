import { TranslationOutlined } from '@ant-design/icons';
import { type Locale, locales } from '@rookery/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../../i18n';

/** Each language is offered in its own name, so an operator lost in the other one can find theirs. */
const languageNames: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** Switches to the next language; with two languages, a toggle that names the other one. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const next = locales[(locales.indexOf(i18n.language as Locale) + 1) % locales.length];
  return (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      title={t('shell.language')}
      onClick={() => setLocale(next)}
      data-testid="language-switch"
    >
      {languageNames[next]}
    </Button>
  );
}
