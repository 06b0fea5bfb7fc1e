import { useLocation } from 'react-router';
import { TemplateEdit } from './TemplateEdit';

/** Create or edit a mail template, at /email/tmpedit and /template/edit. */
export default function MailTemplateEditPage() {
  const inTemplateGroup = useLocation().pathname.startsWith('/template');
  return <TemplateEdit table="mail" listPath={inTemplateGroup ? '/template/list' : '/email/tmplist'} />;
}
