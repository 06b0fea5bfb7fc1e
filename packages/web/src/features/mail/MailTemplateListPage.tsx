import { useLocation } from 'react-router';
import { TemplateList } from './TemplateList';

/** Mail templates, at /email/tmplist and /template/list (each editing in its own group). */
export default function MailTemplateListPage() {
  const inTemplateGroup = useLocation().pathname.startsWith('/template');
  return <TemplateList table="mail" editPath={inTemplateGroup ? '/template/edit' : '/email/tmpedit'} />;
}
