import { pathTo } from '@rookery/contracts';
import { useCurrentRoute } from '../../navigation/current-route';
import { TemplateEdit } from './TemplateEdit';

/** Create or edit a mail template, at /email/tmpedit and /template/edit. */
export default function MailTemplateEditPage() {
  const inTemplateGroup = useCurrentRoute().route?.name === 'templateEdit';
  return <TemplateEdit table="mail" listPath={pathTo(inTemplateGroup ? 'templateList' : 'emailTemplateList')} />;
}
