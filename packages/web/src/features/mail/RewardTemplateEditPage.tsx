import { TemplateEdit } from './TemplateEdit';

export default function RewardTemplateEditPage() {
  return <TemplateEdit table="reward" listPath="/email/rewardtmpllist" />;
}
