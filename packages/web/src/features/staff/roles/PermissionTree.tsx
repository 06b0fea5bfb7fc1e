import { isPermission, staffEndpoints } from '@rookery/contracts';
import { Button, Input, Space, Spin, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { builtAreas, searchTree } from './permission-areas';

/**
 * The permission tree of `GET /permession` as a checkable tree, offering the areas that have
 * screens. Its value is the list of permission names; area nodes are only groupings and never
 * stored. A search narrows it, the areas expand and collapse together, and each area's box (or
 * its "select all") takes or drops all of its permissions. Permissions the role holds in areas
 * not offered are kept as they are.
 */
export function PermissionTree({ value = [], onChange }: { value?: string[]; onChange?: (value: string[]) => void }) {
  const { t } = useTranslation();
  const tree = useEndpointQuery(staffEndpoints.getPermissionTree);
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const areas = useMemo(() => builtAreas(tree.data ?? []), [tree.data]);
  if (!tree.data) return <Spin />;

  const shown = searchTree(areas, search);
  const offered = new Set(areas.flatMap((a) => a.children.map((p) => p.name)));
  const held = new Set(value);
  // What the role holds outside the tree's reach stays; the tree sets the rest.
  const set = (names: Iterable<string>) => {
    const next = new Set(names);
    onChange?.([...value.filter((p) => !offered.has(p)), ...[...offered].filter((p) => next.has(p))]);
  };
  const toggleArea = (names: string[], on: boolean) => {
    const next = new Set(held);
    for (const n of names) on ? next.add(n) : next.delete(n);
    set(next);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="permission-tree">
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('staff.permissionSearch')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 280 }}
          data-testid="permission-search"
        />
        <Button size="small" onClick={() => setCollapsed([])} data-testid="permission-expand">
          {t('staff.expandAll')}
        </Button>
        <Button size="small" onClick={() => setCollapsed(areas.map((a) => a.name))} data-testid="permission-collapse">
          {t('staff.collapseAll')}
        </Button>
      </Space>
      {shown.length === 0 ? (
        <Typography.Text type="secondary">{t('staff.permissionNoMatch')}</Typography.Text>
      ) : (
        <Tree
          checkable
          selectable={false}
          // A search shows every match; otherwise each area stays as the operator left it.
          expandedKeys={
            search.trim() ? shown.map((a) => a.name) : shown.map((a) => a.name).filter((k) => !collapsed.includes(k))
          }
          onExpand={(keys) => setCollapsed(areas.map((a) => a.name).filter((name) => !keys.map(String).includes(name)))}
          checkedKeys={value}
          onCheck={(checked) => {
            const keys = (Array.isArray(checked) ? checked : checked.checked).map(String).filter(isPermission);
            // Checked keys cover the nodes shown; hidden matches of a search keep their state.
            const visible = new Set(shown.flatMap((a) => a.children.map((p) => p.name)));
            set([...value.filter((p) => !visible.has(p)), ...keys]);
          }}
          treeData={shown.map((area) => {
            const names = area.children.map((p) => p.name);
            const count = names.filter((n) => held.has(n)).length;
            const all = count === names.length;
            return {
              key: area.name,
              title: (
                <Space size={8}>
                  <span>{area.title}</span>
                  <Typography.Text type="secondary">
                    {count}/{names.length}
                  </Typography.Text>
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0, height: 'auto' }}
                    onClick={(e) => {
                      e.stopPropagation();
                      toggleArea(names, !all);
                    }}
                    data-testid={`permission-all-${area.name}`}
                  >
                    {all ? t('staff.selectNone') : t('staff.selectAll')}
                  </Button>
                </Space>
              ),
              children: area.children.map((p) => ({ key: p.name, title: p.title })),
            };
          })}
        />
      )}
    </Space>
  );
}
