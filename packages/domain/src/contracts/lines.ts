import { z } from 'zod/mini';
import { PORTING_STATUSES } from '../enums.ts';

/** GET /api/v1/lines (each item): one of the customer's lines, its SIM and eSIM installations left. */
export const lineSchema = z.object({
  id: z.string(),
  msisdn: z.string(),
  temporaryMsisdn: z.nullable(z.string()),
  isMainLine: z.boolean(),
  planName: z.string(),
  typeSim: z.int(),
  iccid: z.nullable(z.string()),
  status: z.string(),
  activatedAt: z.nullable(z.string()),
  esimInstallsLeft: z.nullable(z.int()),
});
export type Line = z.infer<typeof lineSchema>;

/** An eSIM line's live profile (activation code, QR, the device holding it), within GET /api/v1/lines/:id. */
export const esimViewSchema = z.object({
  installsLeft: z.int(),
  pending: z.boolean(),
  profile: z.nullable(
    z.object({
      issue: z.int(),
      activationCode: z.string(),
      smdpAddress: z.string(),
      matchingId: z.string(),
      qrSvg: z.string(),
      state: z.string(),
      deviceEid: z.nullable(z.string()),
      issuedAt: z.string(),
    }),
  ),
});
export type EsimView = z.infer<typeof esimViewSchema>;

/** GET /api/v1/lines/:id: one line, with its eSIM when it is one. */
export const lineDetailSchema = z.extend(lineSchema, { esim: z.nullable(esimViewSchema) });
export type LineDetail = z.infer<typeof lineDetailSchema>;

/** POST /api/v1/lines/:id/esimProfile: the installations left after the re-issue. */
export const esimReissueSchema = z.object({ installsLeft: z.int() });
export type EsimReissue = z.infer<typeof esimReissueSchema>;

/**
 * GET /api/v1/numberPorts (each item), GET and PUT /api/v1/numberPorts/:id, POST .../submit: a port-in
 * request with its status, the donor's refusal if any, and its porting window.
 */
export const portRequestSchema = z.object({
  id: z.string(),
  msisdn: z.string(),
  donorNetwork: z.int(),
  donorNetworkName: z.string(),
  donorIdNumber: z.string(),
  status: z.enum(PORTING_STATUSES),
  refusal: z.nullable(z.object({ reason: z.string(), advice: z.string(), fixable: z.boolean() })),
  windowStart: z.nullable(z.string()),
  windowEnd: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  temporaryMsisdn: z.nullable(z.string()),
  lineActive: z.boolean(),
  withNetwork: z.boolean(),
  canEdit: z.boolean(),
  canSubmit: z.boolean(),
});
export type PortRequest = z.infer<typeof portRequestSchema>;
