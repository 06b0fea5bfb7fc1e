import { giftCodeEndpoints, pathTo, routeAuth } from '@rookery/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { ListPage } from '../../crud/ListPage';
import { batchFields } from './fields';

/** Gift-code batches, newest first: filter by state, kind and name; create, edit, see redemptions. */
export default function GiftCodeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const canEdit = can(routeAuth('giftCodeEdit'));
  const canHistory = can(routeAuth('giftCodeUserQuery'));
  return (
    <ListPage
      endpoint={giftCodeEndpoints.listGiftCodeBatches}
      fields={batchFields}
      toolbar={
        canEdit && (
          <Button type="primary" onClick={() => navigate(pathTo('giftCodeEdit'))} data-testid="giftcode-create">
            {t('giftCode.create')}
          </Button>
        )
      }
      rowActions={(row) => [
        ...(canEdit
          ? [
              {
                key: 'edit',
                label: t('common.edit'),
                run: () => navigate(pathTo('giftCodeEdit', undefined, { id: row.id })),
              },
            ]
          : []),
        ...(canHistory
          ? [
              {
                key: 'history',
                label: t('giftCode.history'),
                run: () => navigate(pathTo('giftCodeUserQuery', undefined, { batchId: row.id })),
              },
            ]
          : []),
      ]}
    />
  );
}
