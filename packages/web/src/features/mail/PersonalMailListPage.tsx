import { MailList } from './MailList';

export default function PersonalMailListPage() {
  return <MailList scope="personal" />;
}
