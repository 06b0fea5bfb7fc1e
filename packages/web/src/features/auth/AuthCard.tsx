import { theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../shell/header/LanguageSwitch';

/**
 * The frame of the signed-out pages: a centred panel with the language switch at hand. Plain
 * boxes rather than AntD's Card, which would pull its tab bar into the login page's first load.
 */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorBgLayout,
        padding: 16,
      }}
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch />
      </div>
      <main
        style={{
          width: '100%',
          maxWidth: 420,
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1
          style={{
            margin: '0 0 24px',
            fontSize: token.fontSizeHeading3,
            fontWeight: 600,
            textAlign: 'center',
            color: token.colorTextHeading,
          }}
        >
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
