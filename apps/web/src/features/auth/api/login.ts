import type { LoginPayload, TokenPair } from '@spedycja/domain';
import { api } from '../../../lib/apiClient.ts';

/** POST /api/login; a 401 is an answer here (bad credentials), not an expired token. */
export const login = (payload: LoginPayload) => api.post<TokenPair>('/login', payload, { anonymous: true });
