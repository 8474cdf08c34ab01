import { portWithNetwork } from '@selfcare/domain/fulfilment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getPorts = async () => (await call('GET /numberPorts')).data;
export const portsQuery = () =>
  queryOptions({
    queryKey: ['numberPorts'],
    queryFn: getPorts,
    // While a port is on its way its status moves by itself.
    refetchInterval: (q) => (q.state.data?.some((p) => portWithNetwork(p.status)) ? 3000 : false),
  });
export const usePorts = () => useQuery(portsQuery());
