import { ErrorPage } from '../../ui/ErrorPage';

export default function ForbiddenPage() {
  return <ErrorPage status={403} />;
}
