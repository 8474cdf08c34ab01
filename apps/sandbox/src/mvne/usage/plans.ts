/** A plan's monthly allowances as the MVNE rates them; null is unlimited (no bucket, never out of bundle). */
export interface MvnePlan {
  name: string;
  dataGb: number | null;
  talkMinutes: number | null;
  sms: number | null;
  /** Roaming data in GB; 0 is none (every roaming byte is charged). */
  roamingGb: number;
}

/**
 * The operator's offerings as provisioned at the MVNE, by plan code: the same allowances as the
 * operator's catalog, as a real MVNE is configured with an operator's products. A line whose plan
 * code is not here is not rated.
 */
export const MVNE_PLANS: Record<string, MvnePlan> = {
  'LITE-10': { name: 'Lite 10', dataGb: 20, talkMinutes: 100, sms: 100, roamingGb: 0 },
  'VALUE-20': { name: 'Value 20', dataGb: 150, talkMinutes: 500, sms: 500, roamingGb: 1 },
  'PLUS-35': { name: 'Plus 35', dataGb: 300, talkMinutes: null, sms: null, roamingGb: 5 },
  'MAX-55': { name: 'Max 55', dataGb: null, talkMinutes: null, sms: null, roamingGb: 20 },
  'CIS-ACME-18': { name: 'Acme Staff 18', dataGb: 200, talkMinutes: 1000, sms: 1000, roamingGb: 3 },
  'CIS-ORCHID-28': { name: 'Orchid Care 28', dataGb: 400, talkMinutes: null, sms: null, roamingGb: 10 },
};
