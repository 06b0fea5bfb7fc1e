import { isPermission, staffEndpoints } from '@rookery/contracts';
import { Spin, Tree } from 'antd';
import { useEndpointQuery } from '../../../api/endpoint-query';

/**
 * The permission tree of `GET /permession` as a checkable tree. Its value is the list of
 * permission names; area nodes are only groupings and never stored.
 */
export function PermissionTree({ value = [], onChange }: { value?: string[]; onChange?: (value: string[]) => void }) {
  const tree = useEndpointQuery(staffEndpoints.getPermissionTree);
  if (!tree.data) return <Spin />;
  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      checkedKeys={value}
      onCheck={(checked) => {
        const keys = Array.isArray(checked) ? checked : checked.checked;
        onChange?.(keys.map(String).filter(isPermission));
      }}
      treeData={tree.data.map((area) => ({
        key: area.name,
        title: area.title,
        children: area.children.map((p) => ({ key: p.name, title: p.title })),
      }))}
      data-testid="permission-tree"
    />
  );
}
