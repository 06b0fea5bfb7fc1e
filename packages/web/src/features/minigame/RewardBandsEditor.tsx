import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceFormProps } from '../../crud/resource/screen';
import { NumberInput } from '../../crud/schema-fields';
import { RewardsEditor } from '../shared/RewardsEditor';
import './texts';

/** A board's rank bands rewarded at reset: from rank, to rank, and the rewards mailed to each player in it. */
export function RewardBandsEditor({ itemProps }: ResourceFormProps) {
  const { t } = useTranslation();
  return (
    <Form.Item {...itemProps('rewardBands')} extra={t('minigame.bandsHint')}>
      <Form.List name="rewardBands">
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="reward-bands">
            {rows.map((row, i) => (
              <Card
                key={row.key}
                size="small"
                title={t('minigame.band', { n: i + 1 })}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<MinusCircleOutlined />}
                    aria-label={t('minigame.removeBand', { n: i + 1 })}
                    onClick={() => remove(row.name)}
                  />
                }
              >
                <Space wrap>
                  <Form.Item name={[row.name, 'fromRank']} label={t('minigame.fromRank')}>
                    <NumberInput data-testid="band-from" />
                  </Form.Item>
                  <Form.Item name={[row.name, 'toRank']} label={t('minigame.toRank')}>
                    <NumberInput data-testid="band-to" />
                  </Form.Item>
                </Space>
                <RewardsEditor name={[row.name, 'rewards']} />
              </Card>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ fromRank: 1, toRank: 1, rewards: [] })}>
              {t('minigame.addBand')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
