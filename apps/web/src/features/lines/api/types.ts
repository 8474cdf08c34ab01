import type { PortingStatus } from '@selfcare/domain';

/** The answers of the line and number porting endpoints, as the pages use them. */
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
