import { operatingSystemLabels } from '@rookery/contracts';
import { Select, type SelectProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { platformOptions } from '../shared/platforms';
import './gamegate-texts';

/** The platforms a gate setting applies to, by name: none picked means all platforms. */
export function platformsText(platforms: readonly string[] | undefined, t: TFunction): string {
  if (!platforms?.length) return t('gate.allPlatforms');
  return platforms.map((p) => operatingSystemLabels[p as keyof typeof operatingSystemLabels] ?? p).join(', ');
}

/** Pick the platforms a gate setting applies to; left empty, it reads "all platforms". */
export function PlatformsSelect(props: Omit<SelectProps, 'mode' | 'options' | 'placeholder'>) {
  const { t } = useTranslation();
  return (
    <Select
      mode="multiple"
      allowClear
      options={platformOptions}
      placeholder={t('gate.allPlatforms')}
      style={{ maxWidth: 320 }}
      {...props}
    />
  );
}
