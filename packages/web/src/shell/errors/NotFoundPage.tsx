import { ErrorPage } from '../../ui/ErrorPage';

export default function NotFoundPage() {
  return <ErrorPage status={404} />;
}
