import type { Draft } from '@selfcare/domain/contracts/orders';
import type {
  AccountStepInput,
  DeliveryStepInput,
  NumberStepInput,
  PlanStepInput,
} from '@selfcare/domain/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Envelope } from '../../../lib/api.ts';

type Steps = {
  plan: PlanStepInput;
  numbers: NumberStepInput;
  account: AccountStepInput;
  delivery: DeliveryStepInput;
};

/** Each step's call: its input in, the whole draft back. */
const sendStep: { [S in keyof Steps]: (input: Steps[S]) => Promise<Envelope<Draft>> } = {
  plan: (body) => call('PUT /orders/draft/plan', { body }),
  numbers: (body) => call('PUT /orders/draft/numbers', { body }),
  account: (body) => call('PUT /orders/draft/account', { body }),
  delivery: (body) => call('PUT /orders/draft/delivery', { body }),
};

export const saveStep = async <K extends keyof Steps>(step: K, input: Steps[K]) =>
  (await sendStep[step](input)).data;

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
