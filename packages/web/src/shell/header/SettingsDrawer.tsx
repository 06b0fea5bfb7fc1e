import { SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShellSettings } from '../settings/settings';
import { useSettings } from '../settings/store';

/** Each setting with its choices and their label keys, in the order the drawer shows them. */
const settingChoices: { key: keyof ShellSettings; label: string; options: [string, string][] }[] = [
  {
    key: 'theme',
    label: 'settings.theme',
    options: [
      ['light', 'settings.light'],
      ['dark', 'settings.dark'],
    ],
  },
  {
    key: 'menuTheme',
    label: 'settings.menuTheme',
    options: [
      ['dark', 'settings.dark'],
      ['light', 'settings.light'],
    ],
  },
  {
    key: 'layout',
    label: 'settings.layout',
    options: [
      ['side', 'settings.side'],
      ['top', 'settings.top'],
    ],
  },
];

/** Page settings (theme, menu theme, layout), saved per user. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const settings = useSettings();
  return (
    <>
      <Button type="text" icon={<SettingOutlined />} aria-label={t('shell.settings')} onClick={() => setOpen(true)} />
      <Drawer title={t('shell.settings')} open={open} onClose={() => setOpen(false)} size={320}>
        <Form layout="vertical">
          {settingChoices.map(({ key, label, options }) => (
            <Form.Item key={key} label={t(label)}>
              <Radio.Group
                value={settings[key]}
                onChange={(e) => settings.change({ [key]: e.target.value })}
                options={options.map(([value, text]) => ({ value, label: t(text) }))}
              />
            </Form.Item>
          ))}
        </Form>
      </Drawer>
    </>
  );
}
