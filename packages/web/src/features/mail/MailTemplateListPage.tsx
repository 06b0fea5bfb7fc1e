import { pathTo } from '@rookery/contracts';
import { useCurrentRoute } from '../../navigation/current-route';
import { TemplateList } from './TemplateList';

/** Mail templates, at /email/tmplist and /template/list (each editing in its own group). */
export default function MailTemplateListPage() {
  const inTemplateGroup = useCurrentRoute().route?.name === 'templateList';
  return <TemplateList table="mail" editPath={pathTo(inTemplateGroup ? 'templateEdit' : 'emailTemplateEdit')} />;
}
