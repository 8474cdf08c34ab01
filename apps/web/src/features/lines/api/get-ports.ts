import type { PortRequest } from '@selfcare/domain/contracts/lines';
import { portWithNetwork } from '@selfcare/domain/fulfilment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getPorts = async () => (await api.get<PortRequest[]>('/numberPorts')).data;
export const portsQuery = () =>
  queryOptions({
    queryKey: ['numberPorts'],
    queryFn: getPorts,
    // While a port is on its way its status moves by itself.
    refetchInterval: (q) => (q.state.data?.some((p) => portWithNetwork(p.status)) ? 3000 : false),
  });
export const usePorts = () => useQuery(portsQuery());
