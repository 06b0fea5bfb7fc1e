import { MailList } from './MailList';

export default function ComebackMailListPage() {
  return <MailList scope="comeback" />;
}
