import { dictionaryResource } from '@rookery/contracts';
import { Form } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import './texts';
import { LongText, TextInput } from '../../crud/schema-fields';

/** Texts the game shows (`/setting/dictionary`), in each console language: a declaration and its fields. */
export const screen = resourceScreen({
  resource: dictionaryResource,
  entity: 'settings.dictionary.entity',
  labels: {
    key: 'settings.dictionary.key',
    'zh-CN': 'settings.dictionary.zhCN',
    'en-US': 'settings.dictionary.enUS',
    description: 'settings.dictionary.description',
  },
  blank: { description: '' },
  Form: ({ itemProps, editing }) => {
    return (
      <>
        <Form.Item {...itemProps('key')}>
          <TextInput field="key" disabled={editing} data-testid="dictionary-key" />
        </Form.Item>
        <Form.Item {...itemProps('zh-CN')}>
          <LongText field="zh-CN" data-testid="dictionary-zh" />
        </Form.Item>
        <Form.Item {...itemProps('en-US')}>
          <LongText field="en-US" data-testid="dictionary-en" />
        </Form.Item>
        <Form.Item {...itemProps('description')}>
          <LongText field="description" />
        </Form.Item>
      </>
    );
  },
});
