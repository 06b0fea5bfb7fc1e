import { type ComponentType, createContext } from 'react';

/**
 * Route table icon name → component: the icons the areas bring (`features/<area>/area.ts`),
 * folded in `app/areas.ts` and provided around the console's frame.
 */
export const RouteIcons = createContext<Readonly<Record<string, ComponentType>>>({});
