import { type GiftCodeBatch, giftCodeEndpoints, giftCodeStates, routeAuth } from '@rookery/contracts';
import { App, Button, Card, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/useCan';
import { download } from '../../api/download';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { useConfirmThen } from '../../crud/actions';
import { formatNumber, formatTime } from '../../crud/format';
import './texts';

const stateColors = { unused: 'green', used: 'blue', disabled: 'red' } as const;

/** The CSV of a unique batch's codes. */
export function ExportCodes({ batch, testId = 'giftcode-export' }: { batch: GiftCodeBatch; testId?: string }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      loading={exporting}
      data-testid={testId}
      onClick={() => {
        setExporting(true);
        download(giftCodeEndpoints.exportGiftCodes, { params: { id: batch.id } }, `gift-codes-${batch.id}.csv`)
          .catch(() => undefined)
          .finally(() => setExporting(false));
      }}
    >
      {t('giftCode.export')}
    </Button>
  );
}

/** A unique batch's codes: search by state, disable one or every unused one (confirmed with the count), export. */
export function BatchCodes({ batch }: { batch: GiftCodeBatch }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const canEdit = can(routeAuth('giftCodeEdit'));
  const confirmThen = useConfirmThen();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [state, setState] = useState<(typeof giftCodeStates)[number] | undefined>();
  const codes = useEndpointQuery(giftCodeEndpoints.listGiftCodes, {
    params: { id: batch.id },
    query: { ...page, state },
  });
  const live = useEndpointQuery(giftCodeEndpoints.getGiftCodeBatch, { params: { id: batch.id } }).data ?? batch;
  const disable = useEndpointMutation(giftCodeEndpoints.disableGiftCodes);
  const run = async (body: { codes?: string[]; all?: boolean }) => {
    const r = await disable.mutateAsync({ params: { id: batch.id }, body });
    message.success(t('giftCode.disabledN', { n: formatNumber(r.disabled) }));
  };
  return (
    <Card title={t('giftCode.codes')} size="small" data-testid="giftcode-codes">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          aria-label={t('giftCode.state')}
          placeholder={t('giftCode.state')}
          style={{ width: 160 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={giftCodeStates.map((s) => ({ value: s, label: t(`giftCode.codeStates.${s}`) }))}
        />
        <ExportCodes batch={batch} />
        {canEdit && live.remaining > 0 && (
          <Button
            danger
            data-testid="giftcode-disable-all"
            onClick={() =>
              confirmThen(
                {
                  title: t('giftCode.disableAllTitle', { id: batch.id }),
                  rows: [{ label: t('giftCode.disableCount'), value: formatNumber(live.remaining) }],
                  okText: t('giftCode.disableAllOk', { n: formatNumber(live.remaining) }),
                },
                () => run({ all: true }),
              )
            }
          >
            {t('giftCode.disableAll')}
          </Button>
        )}
      </Space>
      <Table
        size="small"
        rowKey="code"
        scroll={{ x: 'max-content' }}
        loading={codes.isLoading}
        dataSource={codes.data?.list}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: codes.data?.pagination.total,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('giftCode.code') },
          {
            key: 'state',
            dataIndex: 'state',
            title: t('giftCode.state'),
            render: (s: keyof typeof stateColors) => <Tag color={stateColors[s]}>{t(`giftCode.codeStates.${s}`)}</Tag>,
          },
          { key: 'usedBy', dataIndex: 'usedBy', title: t('giftCode.usedBy'), render: (v) => v ?? '-' },
          { key: 'usedAt', dataIndex: 'usedAt', title: t('giftCode.usedAt'), render: (v) => formatTime(v) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, row) =>
              canEdit && row.state === 'unused' ? (
                <Button
                  type="link"
                  danger
                  size="small"
                  onClick={() =>
                    confirmThen(t('giftCode.disableCodeConfirm', { code: row.code }), () => run({ codes: [row.code] }))
                  }
                >
                  {t('giftCode.disableCode')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
