import { ErrorPage } from '../../ui/ErrorPage';

export default function ServerErrorPage() {
  return <ErrorPage status={500} />;
}
