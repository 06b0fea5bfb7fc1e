import { playerEndpoints } from '@rookery/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useEndpointFetch } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import './texts';
import { NumberInput } from '../../crud/schema-fields';

const schema = z.object({ userId: playerEndpoints.exportPlayerArchive.query!.shape.userId });

/** Download everything held about a player as one JSON file. */
export default function ArchivePage() {
  const { t } = useTranslation();
  const fetch = useEndpointFetch();
  const userId = Number(useSearchParams()[0].get('userId')) || undefined;
  return (
    <ActionForm
      title={t('routes.gameUserArchive')}
      schema={schema}
      initialValues={{ userId }}
      testId="archive-form"
      submitLabel={t('players.download')}
      confirm={(data) => `${t('players.archive')}: ${data.userId}`}
      run={async ({ userId: id }) => {
        const archive = await fetch(playerEndpoints.exportPlayerArchive, { query: { userId: id } });
        const url = URL.createObjectURL(new Blob([JSON.stringify(archive, null, 2)], { type: 'application/json' }));
        const link = document.createElement('a');
        link.href = url;
        link.download = `player-${id}.json`;
        link.click();
        URL.revokeObjectURL(url);
      }}
    >
      {(itemProps) => (
        <Form.Item {...itemProps('userId')} label={t('players.userId')}>
          <NumberInput style={{ width: 240 }} />
        </Form.Item>
      )}
    </ActionForm>
  );
}
