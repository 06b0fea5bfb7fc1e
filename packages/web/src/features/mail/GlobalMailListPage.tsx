import { MailList } from './MailList';

export default function GlobalMailListPage() {
  return <MailList scope="global" />;
}
