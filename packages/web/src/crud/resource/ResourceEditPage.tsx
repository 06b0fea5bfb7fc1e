import { pathTo, type Resource } from '@rookery/contracts';
import { App, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import { ErrorPage } from '../../ui/ErrorPage';
import { useLeaveForm } from '../../ui/leave-form';
import { PageSpinner } from '../../ui/PageSpinner';
import { endpointsOf } from './endpoints';
import { itemPath } from './item-path';
import { ResourceForm } from './ResourceForm';
import type { ResourceItem, ResourceScreen } from './screen';
import '../kit-texts';

/** The edit page of a resource that has one (`?key=` edits that item, none creates). */
export function ResourceEditPage<R extends Resource>({ screen }: { screen: ResourceScreen<R> }) {
  const { resource } = screen;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const leave = useLeaveForm();
  const byId = useParams().id;
  const byQuery = useSearchParams()[0].get('key') ?? undefined;
  // The item is in the route's `:id` (`piggyBankEdit/:id`) or in `?key=`.
  const key = byId || byQuery;
  const endpoints = endpointsOf(resource);
  const item = useEndpointQuery(
    endpoints.get,
    { params: { key } },
    { enabled: key !== undefined, select: (answer) => answer as ResourceItem<R> },
  );
  const listPath = pathTo((screen.part?.routes ?? resource.routes)!.list);
  const entity = t(screen.entity);
  if (key !== undefined && item.isError) return <ErrorPage status={404} />;
  if (key !== undefined && !item.data) return <PageSpinner />;
  return (
    <Card
      key={key ?? 'new'}
      title={key ? t('resource.edit', { entity, key }) : t('resource.create', { entity })}
      style={{ maxWidth: 860 }}
    >
      <ResourceForm
        screen={screen}
        item={item.data}
        onSaved={(saved) => {
          const savedKey = String((saved as Record<string, unknown>)[resource.key]);
          // What happened, with the way to the saved item (its edit page).
          const editRoute = (screen.part?.routes ?? resource.routes)?.edit;
          message.success(
            <span data-testid="saved-notice">
              {t(resource.gameVisible || screen.publishes ? 'resource.saved' : 'resource.savedQuiet', {
                entity,
                key: savedKey,
              })}
              {editRoute && (
                <>
                  {' '}
                  <Link to={itemPath(editRoute, savedKey)}>{t('resource.open')}</Link>
                </>
              )}
            </span>,
          );
          // The form's work is done: its tab closes.
          leave(listPath);
        }}
        beside={<Button onClick={() => navigate(listPath)}>{t('common.back')}</Button>}
      />
    </Card>
  );
}
