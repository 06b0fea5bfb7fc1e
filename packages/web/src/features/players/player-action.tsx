import { type Endpoint, gameLabel, pathTo, resourceKinds } from '@rookery/contracts';
import { Alert, Form, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { IdListItem, ReasonItem, UntilItem, UserIdItem } from '../../crud/form-items';
import type { SchemaForm } from '../../crud/useSchemaForm';
import { currentLocale } from '../../i18n';
import { RewardsEditor } from '../shared/RewardsEditor';
import type { PlayerAction, PlayerActionField } from './player-action-types';
import { kebab, playerActionConsequence } from './player-consequence';
import { detailPath } from './player-fields';
import './texts';

export type { PlayerAction, PlayerActionField } from './player-action-types';

/** The form of a player action: prefilled from the address (`?userId=` or `?userIds=`). */
export function PlayerActionForm<B extends z.ZodType>({ action }: { action: PlayerAction<B> }) {
  const { t } = useTranslation();
  // Any player action's endpoint: the form parsed `body` with that endpoint's own schema.
  const mutation = useEndpointMutation<Endpoint>(action.endpoint);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const testId = `${kebab(action.name)}-form`;
  const initialValues = {
    userId: Number(search.get('userId')) || undefined,
    userIds: search.get('userIds') ?? '',
    items: [],
    kinds: [],
  };
  return (
    <ActionForm
      title={t(`routes.${action.route}`)}
      schema={action.endpoint.body!}
      initialValues={initialValues}
      testId={testId}
      danger
      submitLabel={t(`players.${action.name}`)}
      consequence={(data) => playerActionConsequence(action, data, t)}
      run={async (body) => {
        const result = await mutation.mutateAsync({ body });
        if (action.after === 'detail') navigate(detailPath((result as { userId: number }).userId));
        else if (action.after) navigate(pathTo(action.after));
      }}
    >
      {(itemProps) => (
        <>
          {action.note && (
            <Alert type="warning" showIcon title={t(`players.${action.name}Note`)} style={{ marginBottom: 16 }} />
          )}
          {action.fields.map((field) => (
            <ActionField key={field} field={field} itemProps={itemProps} t={t} />
          ))}
        </>
      )}
    </ActionForm>
  );
}

function ActionField({
  field,
  itemProps,
  t,
}: {
  field: PlayerActionField;
  itemProps: SchemaForm<z.ZodType>['itemProps'];
  t: TFunction;
}) {
  switch (field) {
    case 'userId':
      return <UserIdItem itemProps={itemProps} label={t('players.userId')} />;
    case 'userIds':
    case 'deviceIds':
      return <IdListItem itemProps={itemProps} name={field} label={t(`players.${field}`)} />;
    case 'reason':
      return <ReasonItem itemProps={itemProps} label={t('players.reason')} />;
    case 'until':
    case 'chatUntil':
      return <UntilItem itemProps={itemProps} label={t(`players.${field}`)} />;
    case 'items':
      return (
        <Form.Item label={t('players.items')} required>
          <RewardsEditor name="items" addLabel={t('players.addItem')} />
        </Form.Item>
      );
    case 'kinds':
      return (
        <Form.Item {...itemProps('kinds')} label={t('players.kinds')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={resourceKinds.map((kind) => ({ value: kind, label: gameLabel(kind, currentLocale()) }))}
          />
        </Form.Item>
      );
  }
}

/** A page that is one player action. */
export function playerActionPage<B extends z.ZodType>(action: PlayerAction<B>) {
  return function PlayerActionPage() {
    return <PlayerActionForm action={action} />;
  };
}
