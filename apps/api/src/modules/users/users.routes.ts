import { authUserSchema, Messages } from '@selfcare/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

/** The latest order when it did not go ahead: the reason staff gave the customer, and the refund. */
const outcome = z.object({
  reason: z.string().nullable(),
  at: z.string().nullable(),
  refund: z
    .object({ amountCents: z.number().int(), status: z.enum(['pending', 'succeeded', 'failed']) })
    .nullable(),
});

export const usersRoutes: FastifyPluginAsyncZod<{ auth: CustomerSessions; users: UsersService }> = async (
  app,
  { auth, users },
) => {
  const security = [{ bearer: [] }];

  app.get(
    '/users/:id',
    {
      preHandler: authenticated(auth),
      schema: {
        tags: ['users'],
        security,
        params: z.object({ id: z.uuid({ error: Messages.notFound }) }),
        response: { 200: envelopeOf(authUserSchema) },
      },
    },
    // Not async: the answer is already at hand, and a promise would cost this hot path a tick.
    (request) => ok(users.getUser(currentUser(request), request.params.id)),
  );

  app.get(
    '/account',
    {
      preHandler: authenticated(auth, 'myAccount'),
      schema: {
        tags: ['users'],
        security,
        response: {
          200: envelopeOf(
            z.object({
              user: authUserSchema,
              memberSince: z.string(),
              orders: z.array(
                z.object({
                  id: z.string(),
                  orderNumber: z.string(),
                  createdAt: z.string(),
                  totalCents: z.number().int(),
                  status: z.string(),
                }),
              ),
              latestTimeline: z.array(z.object({ at: z.string(), text: z.string() })),
              progress: z
                .object({
                  steps: z.array(z.object({ key: z.string(), done: z.boolean() })),
                  ended: z.boolean(),
                  next: z.array(z.string()),
                  adminFee: z.object({
                    amountCents: z.number().int(),
                    charged: z.boolean(),
                    deadline: z.string().nullable(),
                  }),
                })
                .nullable(),
              latestOutcome: outcome.nullable(),
              sublines: z.array(
                z.object({
                  id: z.string(),
                  name: z.string(),
                  phoneNumber: z.string().nullable(),
                  activated: z.boolean(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ok(await users.accountSummary(currentUser(request))),
  );
};
