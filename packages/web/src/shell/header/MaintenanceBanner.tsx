import { gamegateEndpoints } from '@rookery/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { formatTime } from '../../crud/format';
import { currentLocale, i18n } from '../../i18n';

i18n.addResourceBundle('zh-CN', 'translation', { maintenanceBanner: '游戏维护中：{{message}}（至 {{end}}）' }, true);
i18n.addResourceBundle(
  'en-US',
  'translation',
  { maintenanceBanner: 'The game is under maintenance: {{message}} (until {{end}})' },
  true,
);

/** How often the header asks whether a maintenance window is in force (saving a window asks at once). */
const POLL_MS = 60_000;

/**
 * Under the console header while a maintenance window is in force: its message in the console's
 * language and its end. It lives in the shell's own chunk, which the login page does not load (a
 * lazy chunk of its own re-split the first load's shared chunks and cost more than it saved).
 */
export default function MaintenanceBanner() {
  const { t } = useTranslation();
  const active = useEndpointQuery(gamegateEndpoints.maintenanceActive, undefined, {
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  }).data?.active;
  if (!active?.length) return null;
  return (
    <>
      {active.map((w) => (
        <Alert
          key={w.name}
          banner
          type="warning"
          data-testid="maintenance-banner"
          title={t('maintenanceBanner', {
            message: w[currentLocale()],
            end: formatTime(w.endAt),
          })}
        />
      ))}
    </>
  );
}
