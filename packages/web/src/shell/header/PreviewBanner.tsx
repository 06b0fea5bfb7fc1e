import { pathTo } from '@rookery/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { stopPreview, usePreview } from '../../access/preview';
import { i18n } from '../../i18n';

i18n.addResourceBundle(
  'zh-CN',
  'translation',
  {
    previewBanner: '正在以角色“{{name}}”的视角预览控制台：菜单和页面按该角色显示，任何修改都会被拒绝。',
    previewLeave: '退出预览',
  },
  true,
);
i18n.addResourceBundle(
  'en-US',
  'translation',
  {
    previewBanner:
      'Previewing the console as the role “{{name}}”: the menu and pages are that role’s; every change is refused.',
    previewLeave: 'Leave the preview',
  },
  true,
);

/** "View as role": under the header while an admin previews a role, with the way out. */
export function PreviewBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = usePreview();
  if (!preview) return null;
  return (
    <Alert
      banner
      type="info"
      data-testid="preview-banner"
      title={t('previewBanner', { name: preview.name })}
      action={
        <Button
          size="small"
          onClick={() => {
            stopPreview();
            navigate(pathTo('console'));
          }}
        >
          {t('previewLeave')}
        </Button>
      }
    />
  );
}
