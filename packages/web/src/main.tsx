import { setMissingRulePolicy } from '@rookery/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './shell/frame.css';
import { App } from './App';
import { i18nReady } from './i18n';
import { installGlobalErrorHandlers } from './shell/log/global-handlers';
import { installLogShipper } from './shell/log/shipper';

// An access rule that cannot be found is a programming error: loud while developing, denied in production.
setMissingRulePolicy(import.meta.env.PROD ? 'deny' : 'throw');
installGlobalErrorHandlers();
installLogShipper();

await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
