import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayValue, type Field, wordsText } from './fields';

/** A row's detail: every field not marked `detail: false`, in a drawer. */
export function DetailDrawer<Row>({
  fields,
  row,
  onClose,
}: {
  fields: Field<Row>[];
  row: Row | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={Boolean(row)} onClose={onClose} title={t('common.detail')} size={560}>
      {row && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={fields
            .filter((f) => f.detail !== false)
            .map((f) => ({
              key: f.name,
              label: wordsText(t, f.title),
              children: f.detailRender ? f.detailRender(row, t) : displayValue(f, row, t),
            }))}
        />
      )}
    </Drawer>
  );
}
