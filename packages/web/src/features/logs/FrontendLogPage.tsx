import { LogListPage } from './LogListPage';

export default function FrontendLogPage() {
  return <LogListPage kind="frontend" />;
}
