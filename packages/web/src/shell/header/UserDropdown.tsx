import { HomeOutlined, KeyOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { pathTo, routeAuth } from '@rookery/contracts';
import { Avatar, Button, Dropdown } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../access/session';
import { useCan } from '../../access/useCan';
import { useConfirm } from '../../crud/Consequence';
import { homePath, routeByName } from '../../navigation/route-index';
import { signOut } from '../session/sign-out';

const TwoFactorDialog = lazy(() => import('./TwoFactorDialog').then((m) => ({ default: m.TwoFactorDialog })));

/** The signed-in user's menu; `compact` (a phone's header) shows the avatar without the name. */
export function UserDropdown({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const askFirst = useConfirm();
  const navigate = useNavigate();
  const user = useSession().data;
  const can = useCan();
  // Header entries with an auth rule are hidden from users it does not pass (spec §6).
  const password = routeByName.get('passwordModify');
  const passwordRule = routeAuth('passwordModify');
  const button = useRef<HTMLButtonElement>(null);
  const [twoFactor, setTwoFactor] = useState(false);
  // Closing the menu from inside it (Escape) left the focus on the hidden menu: give it back to
  // the button, unless it has gone somewhere on purpose (a new page's heading, a dialog).
  const returnFocus = (open: boolean) => {
    if (open) return;
    requestAnimationFrame(() => {
      const at = document.activeElement;
      if (!at || at === document.body || at.closest('.ant-dropdown')) button.current?.focus();
    });
  };

  const confirmLogout = async () => {
    const confirmed = await askFirst({
      title: t('shell.logout'),
      content: t('shell.logoutConfirm'),
      okText: t('shell.logout'),
      danger: false,
    });
    if (confirmed) await signOut(() => navigate(pathTo('login'), { replace: true }));
  };

  // A button, so Tab reaches it and Enter or Space opens it (issue 41 item 7); the menu takes the
  // focus when it opens, arrows move in it, Escape closes it back to the button.
  return (
    <>
      <Dropdown
        trigger={['hover', 'click']}
        autoFocus
        onOpenChange={returnFocus}
        menu={{
          items: [
            { key: 'home', icon: <HomeOutlined />, label: t('shell.myHome'), onClick: () => navigate(homePath) },
            ...(password && can(passwordRule)
              ? [
                  {
                    key: 'password',
                    icon: <KeyOutlined />,
                    label: t('shell.changePassword'),
                    onClick: () => navigate(password.fullPath),
                  },
                ]
              : []),
            // One's own second factor (issue 46): set up here, reset by an administrator.
            {
              key: 'twoFactor',
              icon: <SafetyOutlined />,
              label: t('shell.twoFactor'),
              onClick: () => setTwoFactor(true),
            },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: () => void confirmLogout() },
          ],
        }}
      >
        <Button
          ref={button}
          type="text"
          style={{ padding: compact ? '0 4px' : '0 8px' }}
          aria-label={user?.name || user?.username}
          aria-haspopup="menu"
          icon={<Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />}
          data-testid="user-menu"
        >
          {!compact && (user?.name || user?.username)}
        </Button>
      </Dropdown>
      {twoFactor && (
        <Suspense fallback={null}>
          <TwoFactorDialog
            onClose={() => {
              setTwoFactor(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
