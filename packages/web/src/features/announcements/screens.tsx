import {
  type AnnouncementKind,
  announcementKindLabels,
  announcementResource,
  announcementTemplateResource,
  type StandingNoticeKind,
  standingNoticeKindLabels,
  standingNoticeResource,
} from '@rookery/contracts';
import { Form, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { resourceScreen } from '../../crud/resource/screen';
import { currentLocale } from '../../i18n';
import { ConditionsAudience } from '../shared/ConditionsAudience';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { richTextField } from './RichTextField';
import { TemplateStart } from './TemplateStart';
import './texts';

const kindColors: Record<AnnouncementKind, string> = { loginPopup: 'volcano', noticeBoard: 'blue', marquee: 'purple' };
const kindTag = (kind: AnnouncementKind) => (
  <Tag color={kindColors[kind]}>{announcementKindLabels[kind][currentLocale()]}</Tag>
);
const noticeKindText = (kind: StandingNoticeKind) => standingNoticeKindLabels[kind][currentLocale()];

/** The texts both kinds of item share: a kind, titles side by side, the bodies with their preview, image and priority. */
const contentFields = ['kind', ['titleZh', 'titleEn'], 'bodyZh', 'bodyEn', 'imageUrl', 'priority'] as const;
const contentWidgets = {
  bodyZh: richTextField('bodyZh', 'announcement-body-zh'),
  bodyEn: richTextField('bodyEn', 'announcement-body-en'),
};
const contentHints = { imageUrl: 'announcement.imageHint', priority: 'announcement.priorityHint' } as const;
const blankContent = {
  kind: 'noticeBoard',
  titleZh: '',
  titleEn: '',
  bodyZh: '',
  bodyEn: '',
  imageUrl: '',
  priority: 0,
} as const;

/** `/announcement/template`: what an announcement can start from. Kit list and edit pages (versions, diff, restore). */
export const announcementTemplateScreen = resourceScreen({
  resource: announcementTemplateResource,
  entity: 'announcement.template.entity',
  render: { kind: (row) => kindTag(row.kind) },
  fields: ['name', ...contentFields, 'note'],
  widgets: contentWidgets,
  hints: { ...contentHints, name: 'announcement.template.nameHint' },
  placeholders: { imageUrl: 'announcement.imageExample' },
  blank: { ...blankContent, note: '' },
});

/** "Players who see it: N" and what the save does, for the confirmation of an announcement's save. */
function publishStatement(
  after: { kind: AnnouncementKind; conditions: Parameters<typeof ConditionsAudience>[0]['conditions'] },
  t: TFunction,
) {
  return (
    <Space orientation="vertical" size={4} data-testid="announcement-confirm">
      <Typography.Text>
        {t('announcement.confirm.statement', {
          kind: announcementKindLabels[after.kind][currentLocale()].toLowerCase(),
        })}
      </Typography.Text>
      <ConditionsAudience conditions={after.conditions} testId="announcement-audience" />
      <Typography.Text type="secondary">{t('announcement.confirm.window')}</Typography.Text>
    </Space>
  );
}

/**
 * `/announcement/list`: the in-game notices players see now or later (login pop-up, notice
 * board, marquee), each with its window and targeting. Saving one reaches players in its window:
 * the confirmation names the kind and counts the players its conditions select now.
 */
export const announcementScreen = resourceScreen({
  resource: announcementResource,
  entity: 'announcement.entity',
  render: {
    kind: (row) => kindTag(row.kind),
    conditions: (row, t) =>
      row.conditions.length
        ? t('announcement.conditionsCount', { count: row.conditions.length })
        : t('announcement.everyone'),
  },
  fields: ['template', ...contentFields, 'conditions'],
  widgets: {
    ...contentWidgets,
    template: TemplateStart,
    conditions: ({ itemProps }) => (
      <Form.Item label={itemProps('conditions').label}>
        <ConditionsEditor />
      </Form.Item>
    ),
  },
  hints: contentHints,
  placeholders: { imageUrl: 'announcement.imageExample' },
  blank: { ...blankContent, conditions: [], template: '' },
  confirm: (after, _before, t) => ({
    title: t('announcement.confirm.title'),
    okText: t('announcement.confirm.ok'),
    statement: publishStatement(after, t),
  }),
});

/**
 * `/setting/announcement/list`: the game's standing notices, not announcements: the login
 * screen's notice and the update notes of an app version (shown once to a player on it). Saving
 * one reaches every player who opens the game: the confirmation says which.
 */
export const standingNoticeScreen = resourceScreen({
  resource: standingNoticeResource,
  entity: 'announcement.notice.entity',
  render: {
    kind: (row) => noticeKindText(row.kind),
    enabled: (row, t) =>
      row.enabled ? <Tag color="green">{t('announcement.notice.on')}</Tag> : <Tag>{t('announcement.notice.off')}</Tag>,
  },
  fields: ['key', 'kind', 'appVersion', ['titleZh', 'titleEn'], 'bodyZh', 'bodyEn', 'enabled'],
  widgets: {
    bodyZh: richTextField('bodyZh', 'notice-body-zh'),
    bodyEn: richTextField('bodyEn', 'notice-body-en'),
  },
  shownWhen: { appVersion: (v) => v.kind === 'updateNotes' },
  hints: {
    key: 'announcement.notice.keyHint',
    appVersion: 'announcement.notice.appVersionHint',
    enabled: 'announcement.notice.enabledHint',
  },
  placeholders: { appVersion: 'conditions.versionPlaceholder' },
  blank: { kind: 'loginScreen', appVersion: '', titleZh: '', titleEn: '', bodyZh: '', bodyEn: '', enabled: true },
  confirm: (after, _before, t) =>
    after.enabled
      ? {
          title: t('announcement.notice.confirmTitle', { key: after.key }),
          okText: t('announcement.confirm.ok'),
          statement: (
            <Typography.Text data-testid="notice-confirm">
              {after.kind === 'updateNotes'
                ? t('announcement.notice.confirmNotes', { version: after.appVersion })
                : t('announcement.notice.confirmLogin')}
            </Typography.Text>
          ),
        }
      : null,
});
