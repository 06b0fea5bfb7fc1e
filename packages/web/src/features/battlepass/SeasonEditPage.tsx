import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type BattlePassSeasonBody,
  battlePassEndpoints,
  battlePassSeasonBodySchema,
  type EndpointResponse,
  pathTo,
} from '@rookery/contracts';
import { Button, Card, Form, Input, Space, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AuditDiff } from '../../crud/AuditDiff';
import { EditPage } from '../../crud/EditPage';
import { TimeWindowItems } from '../../crud/form-items';
import { formatNumber, formatTime } from '../../crud/format';
import { NumberInput } from '../../crud/schema-fields';
import { PurchaseItemPicker } from '../shared/PurchaseItemPicker';
import { RewardsEditor } from '../shared/RewardsEditor';
import './texts';

/** The levels: ordered child rows, each the XP to reach it and its free and premium rewards. */
function LevelsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="levels">
      {(rows, { add, remove }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="battle-pass-levels">
          {rows.map((row, i) => (
            <Card
              key={row.key}
              size="small"
              title={t('battlePass.level', { n: i + 1 })}
              extra={
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('battlePass.removeLevel', { n: i + 1 })}
                  onClick={() => remove(row.name)}
                />
              }
            >
              <Form.Item name={[row.name, 'xp']} label={t('battlePass.levelXp')}>
                <NumberInput style={{ width: 200 }} data-testid="battle-pass-level-xp" />
              </Form.Item>
              <Form.Item label={t('battlePass.free')}>
                <RewardsEditor name={[row.name, 'free']} />
              </Form.Item>
              <Form.Item label={t('battlePass.premium')}>
                <RewardsEditor name={[row.name, 'premium']} />
              </Form.Item>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ xp: undefined, free: [], premium: [] })}
            data-testid="battle-pass-add-level"
          >
            {t('battlePass.addLevel')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}

/** The XP sources: a game event's name, the XP each report of it gives, and a daily cap. */
function XpSourcesEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="xpSources">
      {(rows, { add, remove }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="battle-pass-sources">
          {rows.map((row) => (
            <Space key={row.key} align="baseline" wrap>
              <Form.Item name={[row.name, 'event']} style={{ marginBottom: 0 }}>
                <Input
                  placeholder={t('battlePass.event')}
                  aria-label={t('battlePass.event')}
                  style={{ width: 220 }}
                  data-testid="battle-pass-source-event"
                />
              </Form.Item>
              <Form.Item name={[row.name, 'xp']} style={{ marginBottom: 0 }}>
                <NumberInput
                  placeholder={t('battlePass.sourceXp')}
                  aria-label={t('battlePass.sourceXp')}
                  data-testid="battle-pass-source-xp"
                />
              </Form.Item>
              <Form.Item name={[row.name, 'dailyCap']} style={{ marginBottom: 0 }}>
                <NumberInput
                  placeholder={t('battlePass.dailyCap')}
                  aria-label={t('battlePass.dailyCap')}
                  data-testid="battle-pass-source-cap"
                />
              </Form.Item>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={t('battlePass.removeSource')}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ xp: 10, dailyCap: 100 })}
            data-testid="battle-pass-add-source"
          >
            {t('battlePass.addSource')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}

/** What the confirmation says of a season: its pass, window, levels and rewards, premium product, XP sources, season-end mail and whom it reaches. */
function confirmRows(body: BattlePassSeasonBody, t: TFunction) {
  const last = body.levels.at(-1);
  const count = (track: 'free' | 'premium') => body.levels.reduce((n, l) => n + l[track].length, 0);
  return [
    { label: t('battlePass.pass'), value: body.pass },
    { label: t('battlePass.confirmWindow'), value: `${formatTime(body.startAt)} → ${formatTime(body.endAt)}` },
    {
      label: t('battlePass.confirmLevels'),
      value: t('battlePass.confirmLevelsValue', {
        levels: body.levels.length,
        xp: formatNumber(last?.xp ?? 0),
        free: count('free'),
        premium: count('premium'),
      }),
    },
    {
      label: t('battlePass.premiumProduct'),
      value:
        body.premiumProductId === undefined
          ? t('battlePass.confirmNoPremium')
          : t('battlePass.confirmPremiumValue', { id: body.premiumProductId }),
    },
    {
      label: t('battlePass.xpSources'),
      value:
        body.xpSources.length === 0
          ? t('battlePass.confirmNoSources')
          : body.xpSources
              .map((s) =>
                t('battlePass.confirmSourceValue', {
                  event: s.event,
                  xp: formatNumber(s.xp),
                  cap: formatNumber(s.dailyCap),
                }),
              )
              .join(t('battlePass.confirmListSeparator')),
    },
    {
      label: t('battlePass.confirmMail'),
      value: body.mailUnclaimed ? t('battlePass.confirmMailYes') : t('battlePass.confirmMailNo'),
    },
    { label: t('battlePass.confirmReach'), value: t('battlePass.confirmReachValue') },
  ];
}

/** A season as its form edits it (the stored season's editable fields): the change table's "before". */
function editable(s: EndpointResponse<typeof battlePassEndpoints.getBattlePassSeason> | undefined) {
  return {
    pass: s?.pass ?? 'main',
    name: s?.name,
    startAt: s?.startAt,
    endAt: s?.endAt,
    premiumProductId: s?.premiumProductId ?? undefined,
    levels: s?.levels ?? [{ xp: 0, free: [], premium: [] }],
    xpSources: s?.xpSources ?? [],
    mailUnclaimed: s?.mailUnclaimed ?? false,
  };
}

/** The form's labels of a season's top-level fields, for the change table. */
const fieldLabels = (t: TFunction) => (field: string) =>
  ({
    pass: t('battlePass.pass'),
    name: t('battlePass.name'),
    startAt: t('battlePass.startAt'),
    endAt: t('battlePass.endAt'),
    premiumProductId: t('battlePass.premiumProduct'),
    levels: t('battlePass.levels'),
    xpSources: t('battlePass.xpSources'),
    mailUnclaimed: t('battlePass.mailUnclaimed'),
  })[field];

/** `battlePassAdd` and `battlePassEdit/:id`: a season, its levels, XP sources and premium product. */
export default function SeasonEditPage() {
  const { t } = useTranslation();
  return (
    <EditPage
      load={battlePassEndpoints.getBattlePassSeason}
      create={battlePassEndpoints.createBattlePassSeason}
      update={battlePassEndpoints.updateBattlePassSeason}
      schema={() => battlePassSeasonBodySchema}
      initialValues={editable}
      title={(s) => (s ? `${t('routes.battlePassEdit')} #${s.id}` : t('battlePass.create'))}
      backTo={pathTo('productBattlePass')}
      testId="battle-pass-form"
      maxWidth={960}
      confirm={(body, s) => ({
        title: s
          ? t('battlePass.confirmTitleEdit', { id: s.id, name: body.name })
          : t('battlePass.confirmTitleNew', { name: body.name }),
        rows: confirmRows(body, t),
        // An edit says what changes, field by field, in the form's words.
        content: s ? <AuditDiff before={editable(s)} after={body} labels={fieldLabels(t)} /> : undefined,
        width: s ? 720 : undefined,
        okText: s ? t('battlePass.confirmSave') : t('battlePass.confirmCreate'),
        danger: false,
      })}
    >
      {({ itemProps }) => (
        <>
          <Space size="large" wrap>
            <Form.Item {...itemProps('name')} label={t('battlePass.name')}>
              <Input style={{ width: 300 }} data-testid="battle-pass-name" />
            </Form.Item>
            <Form.Item {...itemProps('pass')} label={t('battlePass.pass')} extra={t('battlePass.passHint')}>
              <Input style={{ width: 200 }} data-testid="battle-pass-key" />
            </Form.Item>
          </Space>
          <TimeWindowItems itemProps={itemProps} labels={[t('battlePass.startAt'), t('battlePass.endAt')]} />
          <Form.Item
            {...itemProps('premiumProductId')}
            label={t('battlePass.premiumProduct')}
            extra={t('battlePass.premiumHint')}
          >
            <PurchaseItemPicker testId="battle-pass-premium" />
          </Form.Item>
          <Typography.Title level={5}>{t('battlePass.levels')}</Typography.Title>
          <LevelsEditor />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('battlePass.xpSources')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('battlePass.xpSourcesHint')}</Typography.Paragraph>
          <XpSourcesEditor />
          <Form.Item
            {...itemProps('mailUnclaimed')}
            label={t('battlePass.mailUnclaimed')}
            valuePropName="checked"
            style={{ marginTop: 16 }}
          >
            <Switch data-testid="battle-pass-mail" />
          </Form.Item>
        </>
      )}
    </EditPage>
  );
}
