import type { Draft } from '@selfcare/domain/contracts/orders';
import type {
  AccountStepInput,
  DeliveryStepInput,
  NumberStepInput,
  PlanStepInput,
} from '@selfcare/domain/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

type Steps = {
  plan: PlanStepInput;
  numbers: NumberStepInput;
  account: AccountStepInput;
  delivery: DeliveryStepInput;
};

export const saveStep = async <K extends keyof Steps>(step: K, input: Steps[K]) =>
  (await api.put<Draft>(`/orders/draft/${step}`, input)).data;

/**
 * Saves one step of the draft; the answer is the whole draft, which replaces the cached one, and the
 * wizard moves on (`onDone`).
 */
export function useSaveStep<K extends keyof Steps>(step: K, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Steps[K]) => saveStep(step, input),
    onSuccess: (draft) => {
      client.setQueryData(['orders', 'draft'], draft);
      onDone();
    },
  });
}
