import type { RegisterInput } from '@selfcare/domain';
import { call } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

export const register = (input: RegisterInput) =>
  call('POST /auth/register', { body: input }, { anonymous: true });
export const useRegister = () => useAction(register);
