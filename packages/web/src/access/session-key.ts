/** The query key of the signed-in user, apart from the query so the first load need not carry zod. */
export const sessionQueryKey = ['session'] as const;
