import { TemplateList } from './TemplateList';

export default function RewardTemplateListPage() {
  return <TemplateList table="reward" editPath="/email/rewardtmpledit" />;
}
