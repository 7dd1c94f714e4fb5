import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@contract/account';

/**
 * What every route's beforeLoad and loader get: the query cache to load into, and who is signed in.
 * Its own module: the routes and their guards need it, and the router (router.tsx) imports the routes.
 */
export type RouterContext = { queryClient: QueryClient; user: () => User | null };
