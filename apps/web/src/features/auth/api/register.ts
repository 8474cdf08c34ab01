import type { RegisterInput } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const register = (input: RegisterInput) =>
  api.post<null>('/auth/register', input, { anonymous: true });
export const useRegister = () => useMutation({ mutationFn: register });
