import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getPort = async (id: string) => (await call('GET /numberPorts/:id', { params: { id } })).data;
export const portQuery = (id: string) =>
  queryOptions({ queryKey: ['numberPorts', id], queryFn: () => getPort(id) });
export const usePort = (id: string) => useQuery(portQuery(id));
