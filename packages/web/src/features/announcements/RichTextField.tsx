import { richTextAttributes, richTextTags } from '@rookery/contracts';
import { Form, Input, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceFormProps } from '../../crud/resource/screen';
import './texts';

/** Every attribute the whitelist allows on any tag. */
const allowedAttributes = [...new Set(Object.values(richTextAttributes).flat())];

/**
 * A body as the game will show it: the contracts' whitelist applied in the browser by DOMPurify
 * (tags, the link's `href`, https links only) and put into the page as nodes, never as an HTML
 * string. What the whitelist does not allow is not shown (the form's message names it; the
 * server's sanitiser strips it on save).
 */
export function RichTextPreview({ html, testId }: { html: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const clean = DOMPurify.sanitize(html, {
      ALLOWED_TAGS: [...richTextTags],
      ALLOWED_ATTR: allowedAttributes,
      ALLOWED_URI_REGEXP: /^https:\/\/[^/]/i,
      RETURN_DOM_FRAGMENT: true,
    });
    for (const a of clean.querySelectorAll('a')) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noreferrer noopener');
    }
    box.current?.replaceChildren(clean);
  }, [html]);
  return <div ref={box} data-testid={testId} style={{ overflowWrap: 'anywhere' }} />;
}

/**
 * A rich-text body's form item: the HTML typed in a text area (its cap and whitelist checked live
 * by the schema) and, under it, the body as players will see it.
 */
export function richTextField(name: string, testId: string) {
  return function RichTextItem({ itemProps, form }: ResourceFormProps) {
    const { t } = useTranslation();
    const value = Form.useWatch(name, form) as string | undefined;
    return (
      <>
        <Form.Item {...itemProps(name)} extra={t('announcement.bodyHint')}>
          <Input.TextArea rows={5} data-testid={testId} />
        </Form.Item>
        {value?.trim() ? (
          <Form.Item label={t('announcement.preview')}>
            <Typography.Paragraph
              style={{ marginBottom: 0, padding: '8px 12px', border: '1px dashed var(--ant-color-border)' }}
            >
              <RichTextPreview html={value} testId={`${testId}-preview`} />
            </Typography.Paragraph>
          </Form.Item>
        ) : null}
      </>
    );
  };
}
