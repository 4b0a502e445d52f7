/** The TanStack Query key prefix of every assessment query (invalidated after a change). */
export const ASSESSMENT_QUERY_KEY = ['assessment'] as const;
