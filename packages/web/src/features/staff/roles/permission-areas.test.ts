import type { PermissionNode } from '@rookery/contracts';
import { permissionTree } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { builtAreas, builtRoutePermissions, searchTree } from './permission-areas';

const node = (name: string, title: string, children: PermissionNode[] = []): PermissionNode => ({
  name,
  title,
  children,
});
const tree = [
  node('mail', '邮件', [node('mailQuery', '查询个人邮件'), node('mailDelete', '撤回个人邮件')]),
  node('push', '推送', [node('pushQuery', '查询推送')]),
];

describe('the role tree offers areas with built screens', () => {
  it('keeps an area when one of its permissions guards a built route, with all its permissions', () => {
    expect(builtAreas(tree, new Set(['mailQuery'])).map((a) => a.name)).toEqual(['mail']);
    expect(builtAreas(tree, new Set(['mailQuery']))[0]!.children).toHaveLength(2);
  });

  it('follows the route table: built areas are offered, unbuilt ones are not', () => {
    const areas = builtAreas(permissionTree('zh-CN')).map((a) => a.name);
    expect(areas).toContain('gameUser');
    expect(areas).toContain('system');
    // Every area offered guards at least one built route.
    const built = builtRoutePermissions();
    for (const area of builtAreas(permissionTree('en-US')))
      expect(area.children.some((p) => built.has(p.name))).toBe(true);
  });
});

describe('searchTree', () => {
  it('keeps matching permissions under their area, by title or name, any case', () => {
    expect(searchTree(tree, '撤回')).toEqual([node('mail', '邮件', [node('mailDelete', '撤回个人邮件')])]);
    expect(searchTree(tree, 'PUSHQ')).toEqual([tree[1]]);
  });

  it('keeps a whole area whose title matches, and everything for an empty search', () => {
    expect(searchTree(tree, '邮件')).toEqual([tree[0]]);
    expect(searchTree(tree, '  ')).toEqual(tree);
    expect(searchTree(tree, 'nothing')).toEqual([]);
  });
});
