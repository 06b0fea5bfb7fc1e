import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourceList } from '../../../crud/resource/ResourceList';
import { overrideScreen } from './overrides';
import { configScreen } from './screen';
import { TestOnPlayer } from './TestOnPlayer';
import './texts';

const tabs = ['fields', 'overrides'] as const;

/**
 * `/setting/config/list`: the config fields (with "Test on a player") and, on a second tab, the
 * tester overrides (no route of their own; `?tab=overrides`, their list's state under `overrides.`).
 */
export default function ConfigListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((k) => k === params.get('tab')) ?? 'fields';
  return (
    <Tabs
      activeKey={tab}
      onChange={(next) =>
        setParams((p) => {
          const out = new URLSearchParams(p);
          if (next === 'fields') out.delete('tab');
          else out.set('tab', next);
          return out;
        })
      }
      items={[
        {
          key: 'fields',
          label: t('settings.config.fieldsTab'),
          children: <ResourceList screen={configScreen} toolbar={<TestOnPlayer />} />,
        },
        {
          key: 'overrides',
          label: t('settings.config.overridesTab'),
          children: <ResourceList screen={overrideScreen} urlPrefix="overrides" />,
        },
      ]}
    />
  );
}
