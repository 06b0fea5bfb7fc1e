import { SettingOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings/store';

export function SettingsDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { theme, menuTheme, layout, change } = useSettings();
  return (
    <>
      <Button type="text" icon={<SettingOutlined />} aria-label={t('shell.settings')} onClick={() => setOpen(true)} />
      <Drawer title={t('shell.settings')} open={open} onClose={() => setOpen(false)} size={320}>
        <Form layout="vertical">
          <Form.Item label={t('settings.theme')}>
            <Radio.Group
              value={theme}
              onChange={(e) => change({ theme: e.target.value })}
              options={[
                { value: 'light', label: t('settings.light') },
                { value: 'dark', label: t('settings.dark') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('settings.menuTheme')}>
            <Radio.Group
              value={menuTheme}
              onChange={(e) => change({ menuTheme: e.target.value })}
              options={[
                { value: 'dark', label: t('settings.dark') },
                { value: 'light', label: t('settings.light') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('settings.layout')}>
            <Radio.Group
              value={layout}
              onChange={(e) => change({ layout: e.target.value })}
              options={[
                { value: 'side', label: t('settings.side') },
                { value: 'top', label: t('settings.top') },
              ]}
            />
          </Form.Item>
        </Form>
      </Drawer>
    </>
  );
}
