import { operatingSystemLabels, operatingSystems } from '@rookery/contracts';

/** The game's platforms as picker options (iOS, Android), in the catalogue's order. */
export const platformOptions = operatingSystems.map((os) => ({ value: os, label: operatingSystemLabels[os] }));
