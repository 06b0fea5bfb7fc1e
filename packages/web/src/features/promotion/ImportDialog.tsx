import { UploadOutlined } from '@ant-design/icons';
import {
  MAX_PROMOTION_CSV_CHARS,
  MAX_PROMOTION_CSV_ROWS,
  type PromotionImportReport,
  promotionCsvColumns,
  promotionEndpoints,
} from '@rookery/contracts';
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useEndpointFetch, useEndpointMutation } from '../../api/endpoint-query';
import { useConsequenceConfirm } from '../../crud/Consequence';
import { formatNumber } from '../../crud/format';
import { SmallTable } from '../../crud/SmallTable';

/** A file's text: UTF-8 (a BOM is the server's to drop), else GBK as Chinese Excel saves CSV. */
async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

interface Checked {
  fileName: string;
  csv: string;
  report: PromotionImportReport;
}

/**
 * Import from CSV in two steps: the file is checked first (nothing written) and every bad row
 * listed with its problem; then all rows are imported, or, when some are bad and the operator
 * chooses so, only the good ones. Either is one transaction on the server.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const importCsv = useEndpointMutation(promotionEndpoints.importPromotionCsv);
  const confirm = useConsequenceConfirm();
  const check = useEndpointFetch();

  const choose = async (file: File) => {
    setChecked(null);
    setProblem(null);
    if (file.size > MAX_PROMOTION_CSV_CHARS) {
      setProblem(t('promotion.fileTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const csv = await readText(file);
      // The check is a read: its refusals (a wrong header, too many rows) are shown here, not as a notice.
      const report = await check(
        promotionEndpoints.checkPromotionCsv,
        { body: { csv, fileName: file.name } },
        { quiet: true },
      );
      setChecked({ fileName: file.name, csv, report });
    } catch (err) {
      if (!isApiError(err)) throw err;
      setProblem(err.msg);
    } finally {
      setBusy(false);
    }
  };

  const run = async (goodRowsOnly: boolean) => {
    if (!checked) return;
    const done = await importCsv.mutateAsync({
      body: { csv: checked.csv, fileName: checked.fileName, goodRowsOnly },
    });
    message.success(t('promotion.imported', { created: done.created, updated: done.updated }));
    onClose();
  };

  const report = checked?.report;
  const footer = [
    <Button key="cancel" onClick={onClose}>
      {t('promotion.cancel')}
    </Button>,
  ];
  if (report && report.badRows === 0)
    footer.push(
      <Button
        key="all"
        type="primary"
        loading={importCsv.isPending}
        onClick={() => run(false)}
        data-testid="promotion-import-all"
      >
        {t('promotion.importAll', { count: report.goodRows })}
      </Button>,
    );
  if (report && report.badRows > 0 && report.goodRows > 0)
    footer.push(
      <Button
        key="good"
        type="primary"
        loading={importCsv.isPending}
        data-testid="promotion-import-good"
        onClick={() =>
          confirm(
            {
              title: t('promotion.importGoodConfirm', { good: report.goodRows }),
              rows: [
                { label: t('promotion.goodRows'), value: formatNumber(report.goodRows) },
                { label: t('promotion.badRows'), value: formatNumber(report.badRows) },
              ],
              content: t('promotion.replaceNote'),
              okText: t('promotion.importGoodOk', { good: report.goodRows, bad: report.badRows }),
              danger: false,
            },
            () => run(true),
          )
        }
      >
        {t('promotion.importGood', { count: report.goodRows })}
      </Button>,
    );

  return (
    <Modal open width={820} title={t('promotion.importTitle')} onCancel={onClose} footer={footer}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph>
          {t('promotion.importHint', {
            columns: [...promotionCsvColumns, 'region_code'].join(','),
            max: formatNumber(MAX_PROMOTION_CSV_ROWS),
          })}
        </Typography.Paragraph>
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="promotion-choose-file">
            {t('promotion.chooseFile')}
          </Button>
        </Upload>
        {problem && <Alert type="error" showIcon title={problem} data-testid="promotion-import-problem" />}
        {checked && report && (
          <>
            <Alert
              type={report.badRows ? 'warning' : 'success'}
              showIcon
              data-testid="promotion-import-report"
              title={t('promotion.checked', {
                file: checked.fileName,
                rows: formatNumber(report.rows),
                good: formatNumber(report.goodRows),
                bad: formatNumber(report.badRows),
              })}
              description={
                <>
                  {report.badRows ? t('promotion.someBad') : t('promotion.allGood')} {t('promotion.replaceNote')}
                </>
              }
            />
            {report.errors.length > 0 && (
              <SmallTable
                data-testid="promotion-import-errors"
                rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
                dataSource={report.errors}
                columns={[
                  { key: 'row', dataIndex: 'row', title: t('promotion.row'), width: 80 },
                  {
                    key: 'column',
                    dataIndex: 'column',
                    title: t('promotion.column'),
                    width: 160,
                    render: (c: string | null) => (c && c in columnTitles ? t(`promotion.${c}`) : '-'),
                  },
                  { key: 'message', dataIndex: 'message', title: t('promotion.message') },
                ]}
              />
            )}
            {report.errors.length < report.badRows && (
              <Typography.Text type="secondary">
                {t('promotion.moreErrors', { shown: report.errors.length, bad: report.badRows })}
              </Typography.Text>
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}

/** The columns a row error may name, each with its title in `promotion.*`. */
const columnTitles = Object.fromEntries([...promotionCsvColumns, 'region_code'].map((c) => [c, true]));
