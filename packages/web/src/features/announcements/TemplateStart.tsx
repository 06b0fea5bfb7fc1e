import { type AnnouncementTemplate, announcementTemplateResource } from '@rookery/contracts';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointFetch } from '../../api/endpoint-query';
import { endpointsOf, itemDocument } from '../../crud/resource/endpoints';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import type { ResourceFormProps } from '../../crud/resource/screen';
import './texts';

/** What a template gives an announcement started from it. */
const copied = ['kind', 'titleZh', 'titleEn', 'bodyZh', 'bodyEn', 'imageUrl', 'priority'] as const;

/**
 * "Start from a template": picking one (searched on the server, a page at a time) fills the
 * announcement's kind, texts, image and priority from it, and records its name. Nothing follows
 * the template afterwards; the texts stay editable here.
 */
export function TemplateStart({ itemProps, form, editing }: ResourceFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fetch = useEndpointFetch();
  const chosen = Form.useWatch('template', form) as string | undefined;
  const pick = async (name: string | undefined) => {
    form.setFieldValue('template', name ?? '');
    if (!name) return;
    const item = await fetch(endpointsOf(announcementTemplateResource).get, { params: { key: name } });
    const template = itemDocument(
      announcementTemplateResource,
      item as Record<string, unknown>,
    ) as AnnouncementTemplate;
    form.setFieldsValue(Object.fromEntries(copied.map((f) => [f, template[f]])));
    await form.validateFields([...copied]).catch(() => undefined);
    message.success(t('announcement.templateApplied', { name }));
  };
  return (
    <Form.Item
      {...itemProps('template')}
      extra={t(editing ? 'announcement.templateRecord' : 'announcement.templateHint')}
    >
      <ResourcePicker
        resource={announcementTemplateResource}
        style={{ width: '100%', maxWidth: 360 }}
        testId="announcement-template-pick"
        onChange={(name) => void pick(name)}
        value={chosen || undefined}
      />
    </Form.Item>
  );
}
