import { dictionaryResource } from '@rookery/contracts';
import { Form, Input } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import './texts';

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
          <Input disabled={editing} maxLength={100} data-testid="dictionary-key" />
        </Form.Item>
        <Form.Item {...itemProps('zh-CN')}>
          <Input.TextArea rows={2} maxLength={2000} data-testid="dictionary-zh" />
        </Form.Item>
        <Form.Item {...itemProps('en-US')}>
          <Input.TextArea rows={2} maxLength={2000} data-testid="dictionary-en" />
        </Form.Item>
        <Form.Item {...itemProps('description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </>
    );
  },
});
