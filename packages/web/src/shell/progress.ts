import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// NProgress's own template gives the bar `role="bar"`, which is no ARIA role (axe `aria-roles`);
// the bar is decoration: the page's own loading state is what is announced. NProgress finds its bar
// by `barSelector` (default `[role="bar"]`), so the selector moves with the template.
NProgress.configure({
  showSpinner: false,
  barSelector: '.bar',
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

export function startProgress() {
  NProgress.start();
}

export function doneProgress() {
  NProgress.done();
}
