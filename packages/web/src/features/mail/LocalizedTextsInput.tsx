import { mailLanguages } from '@rookery/contracts';
import { Button, Card, Form, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../crud/format';
import './texts';
import { LongText, TextInput } from '../../crud/schema-fields';

const offered = ['zh-CN', 'en-US', 'zh-TW', 'ja-JP', 'ko-KR', 'de-DE', 'fr-FR', 'es-ES', 'pt-BR', 'ru-RU'];

/**
 * Title and content per language, as the `title` and `content` fields of the form: zh-CN and
 * en-US first, any other language the game shows can be added.
 */
export function LocalizedTextsInput({ initialLanguages = [] }: { initialLanguages?: string[] }) {
  const { t } = useTranslation();
  const [languages, setLanguages] = useState(() => [...new Set([...mailLanguages, ...initialLanguages])]);
  const [adding, setAdding] = useState<string>();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {languages.map((lang) => (
        <Card key={lang} size="small" title={languageName(lang)}>
          <Form.Item name={['title', lang]} label={t('mail.title')} data-testid={`title-${lang}`}>
            <TextInput field={['title', lang]} />
          </Form.Item>
          <Form.Item name={['content', lang]} label={t('mail.content')} data-testid={`content-${lang}`}>
            <LongText field={['content', lang]} rows={3} />
          </Form.Item>
        </Card>
      ))}
      <Space>
        <Select
          style={{ width: 160 }}
          placeholder={t('mail.language')}
          aria-label={t('mail.language')}
          value={adding}
          onChange={setAdding}
          options={offered.filter((l) => !languages.includes(l)).map((l) => ({ value: l, label: languageName(l) }))}
        />
        <Button
          disabled={!adding}
          onClick={() => {
            if (adding) setLanguages([...languages, adding]);
            setAdding(undefined);
          }}
        >
          {t('mail.addLanguage')}
        </Button>
      </Space>
    </Space>
  );
}
