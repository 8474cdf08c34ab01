import { z } from 'zod';
import { settingsSchema } from '../contracts/settings.ts';
import type { Endpoint } from './endpoint.ts';

/** The furthest one move may take the test clock. */
export const CLOCK_MAX_STEP_SECONDS = 400 * 24 * 60 * 60;

const clockTime = z.object({ now: z.string(), offsetSeconds: z.number() });
const clockBody = z.object({
  advanceSeconds: z.number().int().min(-CLOCK_MAX_STEP_SECONDS).max(CLOCK_MAX_STEP_SECONDS).optional(),
  reset: z.boolean().optional(),
});

/** The calls the API answers in modules/system/system.routes.ts. */
export const systemEndpoints = {
  'GET /settings': {
    response: settingsSchema,
  },
  'GET /testing/clock': {
    response: clockTime,
  },
  'POST /testing/clock': {
    body: clockBody,
    response: clockTime,
  },
} as const satisfies Record<string, Endpoint>;
