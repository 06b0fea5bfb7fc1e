import { pathTo } from '@rookery/contracts';
import { TemplateEdit } from './TemplateEdit';

export default function RewardTemplateEditPage() {
  return <TemplateEdit table="reward" listPath={pathTo('emailRewardTemplateList')} />;
}
