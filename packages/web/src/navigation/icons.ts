import type { ComponentType } from 'react';
// A namespace over our own short re-export list, not over @ant-design/icons: only these ship.
import * as iconSet from './icon-set';

/** Route table icon name → component. */
export const routeIcons: Record<string, ComponentType> = iconSet;
