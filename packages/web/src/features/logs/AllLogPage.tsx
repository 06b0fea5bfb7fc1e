import { LogListPage } from './LogListPage';

export default function AllLogPage() {
  return <LogListPage />;
}
