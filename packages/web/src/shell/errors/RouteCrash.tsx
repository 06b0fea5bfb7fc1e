import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../../ui/ErrorPage';
import { logError } from '../../ui/error-log';

/** A page that throws while rendering or loading shows the 500 page; the error goes to the log. */
export default function RouteCrash() {
  const error = useRouteError();
  useEffect(() => {
    logError('script', error instanceof Error ? error.message : String(error), {
      stack: error instanceof Error ? error.stack : undefined,
    });
  }, [error]);
  return <ErrorPage status={500} />;
}
