import {
  compileConditions,
  conditionsSchema,
  type PlayerAttributes,
  type PlayerSummary,
  playerEndpoints,
} from '@rookery/contracts';
import { Alert, Button, Form, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointFetch } from '../../api/endpoint-query';
import './texts';
import { NumberInput } from '../../crud/schema-fields';

/** What the conditions read of a player; the evaluator derives notLoginDays from lastLogin and the clock. */
function attributesOf(p: PlayerSummary): PlayerAttributes {
  return {
    os: p.os,
    appVersion: p.appVersion,
    appLanguage: p.language,
    country: p.country,
    lastLogin: p.lastLoginAt,
    userType: p.userType,
    habitatCount: p.habitatCount,
  };
}

/**
 * Try the conditions being edited on one player, in the browser with the same evaluator the
 * server runs: whether the player is selected, and which rules they fail.
 */
export function ConditionsPreview() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const mayCall = useMayCall();
  const fetch = useEndpointFetch();
  const [userId, setUserId] = useState<number | null>(null);
  const [result, setResult] = useState<{ matches: boolean; failing: number[] } | { invalid: true }>();
  if (!mayCall(playerEndpoints.getPlayerDetail)) return null;

  const preview = async () => {
    if (!userId) return;
    const parsed = conditionsSchema.safeParse(form.getFieldValue('conditions') ?? []);
    if (!parsed.success) return setResult({ invalid: true });
    const detail = await fetch(playerEndpoints.getPlayerDetail, { query: { userId } });
    const player = detail[String(userId)];
    if (!player) return;
    const now = Date.now();
    const attrs = attributesOf(player);
    const failing = parsed.data.flatMap((rule, i) => (compileConditions([rule])(attrs, now) ? [] : [i + 1]));
    setResult({ matches: failing.length === 0, failing });
  };

  return (
    <Space orientation="vertical" data-testid="conditions-preview">
      <Space>
        <NumberInput
          placeholder={t('conditions.previewUserId')}
          value={userId}
          onChange={(v) => {
            setUserId(v);
            setResult(undefined);
          }}
          style={{ width: 200 }}
        />
        <Button
          onClick={() => void preview().catch(() => undefined)}
          disabled={!userId}
          data-testid="conditions-preview-run"
        >
          {t('conditions.preview')}
        </Button>
      </Space>
      {result &&
        ('invalid' in result ? (
          <Alert type="warning" title={t('conditions.previewInvalid')} />
        ) : result.matches ? (
          <Alert type="success" title={t('conditions.previewMatches')} />
        ) : (
          <Alert
            type="info"
            title={
              <Space wrap>
                {t('conditions.previewFails')}
                {result.failing.map((n) => (
                  <Tag key={n}>#{n}</Tag>
                ))}
              </Space>
            }
          />
        ))}
    </Space>
  );
}
