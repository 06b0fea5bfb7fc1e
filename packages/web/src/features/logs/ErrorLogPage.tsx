import { LogListPage } from './LogListPage';

export default function ErrorLogPage() {
  return <LogListPage kind="server" />;
}
