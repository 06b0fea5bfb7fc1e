import { describe, expect, it } from 'vitest';
import { breadcrumbOf } from './breadcrumb';
import { routeByName } from './route-index';

describe('breadcrumbOf', () => {
  it('lists the group with its default child, then the page', () => {
    expect(breadcrumbOf(routeByName.get('systemRoleEdit')!, routeByName)).toEqual([
      { name: 'system', path: '/system/userlist' },
      { name: 'systemRoleEdit' },
    ]);
  });
  it('is the page alone for a top-level page', () => {
    expect(breadcrumbOf(routeByName.get('passwordModify')!, routeByName)).toEqual([{ name: 'passwordModify' }]);
  });
});
