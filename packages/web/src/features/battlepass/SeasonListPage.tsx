import { battlePassEndpoints, pathTo } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { CreateButton } from '../../crud/CreateButton';
import { ListPage } from '../../crud/ListPage';
import { seasonFields } from './fields';
import './texts';

/** `/purchase/product/battlePass`: the battle-pass seasons, newest start first; create and edit. */
export default function SeasonListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useMayCall()(battlePassEndpoints.updateBattlePassSeason);
  return (
    <ListPage
      endpoint={battlePassEndpoints.listBattlePassSeasons}
      fields={seasonFields}
      testId="battle-pass-seasons"
      toolbar={
        canEdit && (
          <CreateButton to={pathTo('battlePassAdd')} testId="battle-pass-create">
            {t('battlePass.create')}
          </CreateButton>
        )
      }
      rowActions={(row) =>
        canEdit
          ? [
              {
                key: 'edit',
                label: t('common.edit'),
                run: () => navigate(pathTo('battlePassEdit', { id: row.id })),
              },
            ]
          : []
      }
    />
  );
}
