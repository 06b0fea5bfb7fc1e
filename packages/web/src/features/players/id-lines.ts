/** Placeholder of the ID list inputs: one ID per line (spec §5). */
export const idLines = '10001\n10002';
