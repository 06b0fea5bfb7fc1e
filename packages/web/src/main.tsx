import { setMissingRulePolicy } from '@rookery/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/reset.css';
import './shell/frame.css';
import { App } from './App';
import { i18nReady } from './i18n';
import { installGlobalErrorHandlers } from './shell/log/global-handlers';
import { type ErrorListener, onErrorLogged } from './ui/error-log';

// An access rule that cannot be found is a programming error: loud while developing, denied in production.
setMissingRulePolicy(import.meta.env.PROD ? 'deny' : 'throw');
installGlobalErrorHandlers();
// The shipper carries the log endpoint's schema (zod): it loads beside the first page, not in the
// login page's first load; what is logged before it arrives waits for it.
const earlier: Parameters<ErrorListener>[] = [];
const holdEarlier = onErrorLogged((entry, detail) => earlier.push([entry, detail]));
void import('./shell/log/shipper').then(({ installLogShipper }) => {
  holdEarlier();
  installLogShipper(earlier);
});

await i18nReady;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
