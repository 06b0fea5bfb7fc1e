import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { formatTime } from '../../crud/format';
import { type ErrorKind, errorLog } from '../../ui/error-log';

const kindLabel: Record<ErrorKind, string> = {
  request: 'shell.requestError',
  script: 'shell.scriptError',
  rejection: 'shell.unhandledRejection',
};

/** Front-end errors caught since the page loaded: a badge (overflow 99) and the list. */
export function LogIndicator() {
  const { t } = useTranslation();
  const entries = useStore(errorLog, (s) => s.entries);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={entries.length} overflowCount={99} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BugOutlined />}
          aria-label={t('shell.logs')}
          data-testid="log-indicator"
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Drawer
        title={t('shell.logs')}
        open={open}
        onClose={() => setOpen(false)}
        size={480}
        extra={
          <Button size="small" onClick={() => errorLog.getState().clear()} disabled={!entries.length}>
            {t('shell.clearLogs')}
          </Button>
        }
      >
        {entries.length ? (
          <List
            dataSource={entries}
            rowKey="id"
            renderItem={(entry) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <>
                      <Tag color={entry.kind === 'request' ? 'orange' : 'red'}>{t(kindLabel[entry.kind])}</Tag>
                      <Typography.Text type="secondary">{formatTime(entry.at)}</Typography.Text>
                    </>
                  }
                  description={
                    <>
                      <div>{entry.message}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {entry.url}
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('shell.logsEmpty')} />
        )}
      </Drawer>
    </>
  );
}
