import { audienceEndpoints, type ConditionRule, type OperatingSystem, operatingSystems } from '@rookery/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { currentLocale } from '../../i18n';
import './gamegate-texts';

/**
 * The players a maintenance window shuts out, as shared conditions: its platforms (none or all: no
 * rule) and its version range (inclusive, as the game door compares: `windowAt` in gamegate/gate.ts).
 */
export function windowRules(w: {
  platforms?: readonly string[] | null;
  minVersion?: string | null;
  maxVersion?: string | null;
}): ConditionRule[] {
  const rules: ConditionRule[] = [];
  const platforms = w.platforms ?? [];
  if (platforms.length > 0 && platforms.length < operatingSystems.length)
    rules.push({ attr: 'os', op: 'include', value: [...platforms] });
  if (w.minVersion?.trim()) rules.push({ attr: 'appVersion', op: 'gte', value: w.minVersion.trim() });
  if (w.maxVersion?.trim()) rules.push({ attr: 'appVersion', op: 'lte', value: w.maxVersion.trim() });
  return rules;
}

/**
 * The players a minimum version refuses: on the platform, with a version below the minimum. The
 * conditions have no "below", so it is (platform, any version) minus (platform, version ≥ minimum);
 * `appVersion ≥ 0` is every player whose version the door can read (an unreadable one is not refused).
 */
export function upgradeRules(platform: OperatingSystem, minVersion: string) {
  const os: ConditionRule = { attr: 'os', op: 'equal', value: platform };
  return {
    known: [os, { attr: 'appVersion', op: 'gte', value: '0' }] as ConditionRule[],
    atLeast: [os, { attr: 'appVersion', op: 'gte', value: minVersion.trim() }] as ConditionRule[],
  };
}

function Line({ pending, failed, n, estimate }: { pending: boolean; failed: boolean; n: number; estimate: boolean }) {
  const { t } = useTranslation();
  if (pending) return <Typography.Text type="secondary">{t('gate.affected.counting')}</Typography.Text>;
  if (failed) return <Typography.Text type="warning">{t('gate.affected.failed')}</Typography.Text>;
  const text = Math.max(0, n).toLocaleString(currentLocale());
  return (
    <Typography.Text strong>
      {t('gate.affected.now', { n: estimate ? t('gate.affected.about', { n: text }) : text })}
    </Typography.Text>
  );
}

/** "Players affected now: N" for a maintenance window's confirmation (changes nothing). */
export function WindowAffected(props: Parameters<typeof windowRules>[0]) {
  const counted = useEndpointQuery(
    audienceEndpoints.countAudience,
    { body: { conditions: windowRules(props) } },
    { retry: false },
  );
  return (
    <div data-testid="gate-affected">
      <Line
        pending={counted.isPending}
        failed={counted.isError}
        n={counted.data?.count ?? 0}
        estimate={counted.data?.estimate ?? false}
      />
    </div>
  );
}

/** "Players affected now: N" for a version upgrade's confirmation: those below the minimum version. */
export function UpgradeAffected({ platform, minVersion }: { platform: OperatingSystem; minVersion: string }) {
  const rules = upgradeRules(platform, minVersion);
  const known = useEndpointQuery(
    audienceEndpoints.countAudience,
    { body: { conditions: rules.known } },
    { retry: false },
  );
  const atLeast = useEndpointQuery(
    audienceEndpoints.countAudience,
    { body: { conditions: rules.atLeast } },
    { retry: false },
  );
  return (
    <div data-testid="gate-affected">
      <Line
        pending={known.isPending || atLeast.isPending}
        failed={known.isError || atLeast.isError}
        n={(known.data?.count ?? 0) - (atLeast.data?.count ?? 0)}
        estimate={!!(known.data?.estimate || atLeast.data?.estimate)}
      />
    </div>
  );
}
