import { ErrorPage } from './ErrorPage';

export default function NotFoundPage() {
  return <ErrorPage status={404} />;
}
