import { promotionEndpoints } from '@rookery/contracts';
import { Select, type SelectProps } from 'antd';
import { useEndpointQuery } from '../../api/endpoint-query';

/**
 * A province of China (spec §3's region data: provinces have parent 86), grouped by the first
 * letter of their pinyin and searchable by name or code. The value is the 6-digit code.
 */
export function RegionPicker(props: Omit<SelectProps<string>, 'options'>) {
  const regions = useEndpointQuery(
    promotionEndpoints.listRegions,
    { query: { parent: '86' } },
    { staleTime: Infinity },
  );
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const r of regions.data ?? [])
    groups.set(r.letter, [...(groups.get(r.letter) ?? []), { value: r.code, label: `${r.name} (${r.code})` }]);
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={regions.isLoading}
      options={[...groups].map(([letter, options]) => ({ label: letter, title: letter, options }))}
      {...props}
    />
  );
}
