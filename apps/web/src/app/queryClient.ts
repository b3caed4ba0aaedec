import { createQueryClient } from '../lib/queryClient.ts';

/** The app's one query cache (login fills it with settings; logout empties it). */
export const queryClient = createQueryClient();
