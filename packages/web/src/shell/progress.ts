import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

export function startProgress() {
  NProgress.start();
}

export function doneProgress() {
  NProgress.done();
}
