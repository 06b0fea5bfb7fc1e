import { pathTo } from '@rookery/contracts';
import { TemplateList } from './TemplateList';

export default function RewardTemplateListPage() {
  return <TemplateList table="reward" editPath={pathTo('emailRewardTemplateEdit')} />;
}
