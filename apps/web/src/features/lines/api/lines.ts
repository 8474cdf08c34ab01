import type { PortingStatus } from '@selfcare/domain';
import { portWithNetwork } from '@selfcare/domain/fulfilment';
import type { PortEditInput } from '@selfcare/domain/order';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface Line {
  id: string;
  msisdn: string;
  temporaryMsisdn: string | null;
  isMainLine: boolean;
  planName: string;
  typeSim: number;
  iccid: string | null;
  status: string;
  activatedAt: string | null;
  esimInstallsLeft: number | null;
}
export interface EsimView {
  installsLeft: number;
  pending: boolean;
  profile: {
    issue: number;
    activationCode: string;
    smdpAddress: string;
    matchingId: string;
    qrSvg: string;
    state: string;
    deviceEid: string | null;
    issuedAt: string;
  } | null;
}
export interface PortRequest {
  id: string;
  msisdn: string;
  donorNetwork: number;
  donorNetworkName: string;
  donorIdNumber: string;
  status: PortingStatus;
  refusal: { reason: string; advice: string; fixable: boolean } | null;
  windowStart: string | null;
  windowEnd: string | null;
  submittedAt: string | null;
  completedAt: string | null;
  temporaryMsisdn: string | null;
  lineActive: boolean;
  withNetwork: boolean;
  canEdit: boolean;
  canSubmit: boolean;
}

const linesQuery = () =>
  queryOptions({ queryKey: ['lines'], queryFn: async () => (await api.get<Line[]>('/lines')).data });
export const useLines = () => useQuery(linesQuery());
export const useLine = (id: string) =>
  useQuery({
    queryKey: ['lines', id],
    queryFn: async () => (await api.get<Line & { esim: EsimView | null }>(`/lines/${id}`)).data,
    // A new profile is released within seconds of a re-issue: look again until it is there.
    refetchInterval: (q) => (q.state.data?.esim?.pending ? 2000 : false),
  });

export function useReissueEsim(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => api.post<{ installsLeft: number }>(`/lines/${id}/esimProfile`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lines'] }),
  });
}

export const usePorts = () =>
  useQuery({
    queryKey: ['numberPorts'],
    queryFn: async () => (await api.get<PortRequest[]>('/numberPorts')).data,
    // While a port is on its way its status moves by itself.
    refetchInterval: (q) => (q.state.data?.some((p) => portWithNetwork(p.status)) ? 3000 : false),
  });
export const usePort = (id: string) =>
  useQuery({
    queryKey: ['numberPorts', id],
    queryFn: async () => (await api.get<PortRequest>(`/numberPorts/${id}`)).data,
  });

export function useSubmitPort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.post<PortRequest>(`/numberPorts/${id}/submit`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['numberPorts'] }),
  });
}

export function useEditPort(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PortEditInput) => api.put<PortRequest>(`/numberPorts/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['numberPorts'] }),
  });
}
