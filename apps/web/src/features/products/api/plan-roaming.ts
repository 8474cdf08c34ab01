import type { Bucket } from '@selfcare/domain/contracts/usage';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** A line's roaming data that comes with its plan, and until when it serves this month. */
export type PlanRoaming = Pick<Bucket, 'id' | 'lineId' | 'validTo'>;

/**
 * The roaming data the lines' plans include, read from the lines' balances: the catalog of products
 * does not carry what a plan itself gives abroad.
 */
export const usePlanRoaming = () =>
  useQuery({
    queryKey: ['products', 'plan-roaming'],
    queryFn: async () => (await call('GET /usage/balances')).data,
    select: (balances): PlanRoaming[] =>
      balances.buckets
        .filter((b) => b.scope === 'roaming' && b.origin === 'plan' && !b.shared && b.lineId !== null)
        .map(({ id, lineId, validTo }) => ({ id, lineId, validTo })),
    staleTime: 30_000,
  });
