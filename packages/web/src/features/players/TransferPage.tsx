import { type EndpointResponse, type PlayerDetail, playerEndpoints } from '@rookery/contracts';
import { App, Button, Card, Col, Descriptions, Form, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointFetch, useEndpointMutation } from '../../api/endpoint-query';
import { useConsequenceConfirm } from '../../crud/Consequence';
import { displayValue, wordsText } from '../../crud/fields';
import { NumberInput, TextInput } from '../../crud/schema-fields';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { playerFields } from './player-fields';
import { StateTables } from './StateTables';
import './texts';

type Kind = 'copy' | 'migrate';
type Preview = EndpointResponse<typeof playerEndpoints.previewCopyAccount>;

const calls = {
  copy: { preview: playerEndpoints.previewCopyAccount, run: playerEndpoints.copyAccount, title: 'routes.gameUserCopy' },
  migrate: {
    preview: playerEndpoints.previewMigrateAccount,
    run: playerEndpoints.migrateAccount,
    title: 'routes.gameUserMigrate',
  },
} as const;

const shownFields = playerFields.filter((f) =>
  ['userId', 'socialId', 'deviceId', 'status', 'userType', 'saveCount', 'lastLoginAt'].includes(f.name),
);

/**
 * Copy (B's data becomes A's) or migrate (A's social ID and save move to B): the preview shows
 * both accounts before and after side by side; the action runs only after it, with a confirmation.
 */
export function TransferPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmConsequence = useConsequenceConfirm();
  const [preview, setPreview] = useState<Preview>();
  const [pair, setPair] = useState<{ fromUserId: number; toUserId: number }>();
  const fetch = useEndpointFetch();
  const transfer = { copy: useEndpointMutation(calls.copy.run), migrate: useEndpointMutation(calls.migrate.run) }[kind];
  const { form, onFinish, onValuesChange, submitting, itemProps } = useSchemaForm(
    calls[kind].preview.query!,
    async (query) => {
      setPreview(await fetch(calls[kind].preview, { query }));
      setPair(query);
    },
  );
  // Irreversible: the target's data is replaced, so the operator types the target's user ID.
  const confirm = async () => {
    if (!pair) return;
    const reason = form.getFieldValue('reason') as string | undefined;
    const names = { from: pair.fromUserId, to: pair.toUserId };
    const sent = await confirmConsequence(
      {
        title: t(kind === 'copy' ? 'players.copyConfirm' : 'players.migrateConfirm', names),
        rows: [
          { label: t('players.fromAccount'), value: String(pair.fromUserId) },
          { label: t('players.toAccount'), value: String(pair.toUserId) },
          {
            label: t('players.overwritten'),
            value: t(kind === 'copy' ? 'players.copyOverwritten' : 'players.migrateMoved', names),
          },
          ...(reason ? [{ label: t('players.reason'), value: reason }] : []),
        ],
        okText: t(kind === 'copy' ? 'players.copyOk' : 'players.migrateOk', names),
        typeToConfirm: String(pair.toUserId),
        irreversible: true,
      },
      async () => setPreview(await transfer.mutateAsync({ body: { ...pair, reason: reason || undefined } })),
    ).catch(() => false);
    if (sent) {
      setPair(undefined);
      message.success(t('common.done'));
    }
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t(calls[kind].title)}>
        <Form
          form={form}
          layout="inline"
          onFinish={onFinish}
          onValuesChange={(changed) => {
            onValuesChange(changed);
            setPair(undefined);
          }}
          data-testid={`${kind}-form`}
        >
          <Form.Item {...itemProps('fromUserId')} label={t('players.fromUserId')}>
            <NumberInput style={{ width: 180 }} />
          </Form.Item>
          <Form.Item {...itemProps('toUserId')} label={t('players.toUserId')}>
            <NumberInput style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('players.reason')}>
            <TextInput field="reason" schema={calls[kind].run.body} style={{ width: 220 }} />
          </Form.Item>
          <Space>
            <Button htmlType="submit" loading={submitting} data-testid={`${kind}-preview`}>
              {t('players.preview')}
            </Button>
            <Button type="primary" danger disabled={!pair} onClick={confirm} data-testid={`${kind}-confirm`}>
              {t(kind === 'copy' ? 'players.copy' : 'players.migrate')}
            </Button>
          </Space>
        </Form>
        {!pair && !preview && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('players.previewFirst')}
          </Typography.Paragraph>
        )}
      </Card>
      {preview && (
        <Row gutter={16} data-testid={`${kind}-preview-result`}>
          <Col xs={24} xl={12} data-testid="preview-from">
            <Side title={t('players.fromAccount')} side={preview.from} />
          </Col>
          <Col xs={24} xl={12} data-testid="preview-to">
            <Side title={t('players.toAccount')} side={preview.to} />
          </Col>
        </Row>
      )}
    </Space>
  );
}

function Side({ title, side }: { title: string; side: { before: PlayerDetail; after: PlayerDetail } }) {
  const { t } = useTranslation();
  return (
    <Card title={`${title} · ${side.before.userId}`} size="small">
      {(['before', 'after'] as const).map((when) => (
        <Space
          key={when}
          orientation="vertical"
          style={{ width: '100%', marginBottom: 16 }}
          data-testid={`side-${when}`}
        >
          <strong>{t(`players.${when}`)}</strong>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={shownFields.map((f) => ({
              key: f.name,
              label: wordsText(t, f.title),
              children: displayValue(f, side[when], t),
            }))}
          />
          <StateTables player={side[when]} />
        </Space>
      ))}
    </Card>
  );
}
