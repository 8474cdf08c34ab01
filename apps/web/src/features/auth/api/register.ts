import type { RegisterInput } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const register = (input: RegisterInput) =>
  call('POST /auth/register', { body: input }, { anonymous: true });
export const useRegister = () => useMutation({ mutationFn: register });
