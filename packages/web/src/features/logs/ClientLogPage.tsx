import { LogListPage } from './LogListPage';

export default function ClientLogPage() {
  return <LogListPage kind="client" />;
}
