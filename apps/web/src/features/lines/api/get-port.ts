import type { PortRequest } from '@selfcare/domain/contracts/lines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getPort = async (id: string) => (await api.get<PortRequest>(`/numberPorts/${id}`)).data;
export const portQuery = (id: string) =>
  queryOptions({ queryKey: ['numberPorts', id], queryFn: () => getPort(id) });
export const usePort = (id: string) => useQuery(portQuery(id));
