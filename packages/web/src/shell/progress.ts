import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// NProgress's own template gives the bar `role="bar"`, which is no ARIA role (axe `aria-roles`);
// the bar is decoration: the page's own loading state is what is announced.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

export function startProgress() {
  NProgress.start();
}

export function doneProgress() {
  NProgress.done();
}
