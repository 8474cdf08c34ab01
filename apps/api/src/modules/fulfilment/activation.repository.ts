import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountRecords } from '../auth/index.ts';
import { lineRecords } from '../lines/index.ts';
import { orderFulfilmentRecords } from '../orders/index.ts';
import { mvneEvents } from './fulfilment.schema.ts';

export type { LineRow } from '../lines/index.ts';

/** Lines on their way to service in the MVNE, the MVNE's events, and orders customers activate online. */
export const activationRepository = {
  line: lineRecords.line,
  lineIdOfOrderLine: lineRecords.lineIdOfOrderLine,
  lineOfOrderLine: lineRecords.lineOfOrderLine,
  linesOfOrder: lineRecords.linesOfOrder,
  liveLineWithNumber: lineRecords.liveLineWithNumber,
  liveLinesOfOrder: lineRecords.liveLinesOfOrder,
  addLine: lineRecords.addLine,
  recordMvneService: lineRecords.recordMvneService,
  markLineActive: lineRecords.markLineActive,
  setLineUser: lineRecords.setLineUser,
  portOfOrderLine: lineRecords.portOfOrderLine,

  lineOwner: (db: Db, userId: string) => accountRecords.contactOf(db, userId),

  /** Notes an MVNE event as handled; false when it was handled before (delivery is at least once). */
  async recordMvneEvent(db: Db, event: { id: string; type: string; receivedAt: Date }): Promise<boolean> {
    const fresh = await db
      .insert(mvneEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ id: mvneEvents.id });
    return fresh.length === 1;
  },

  /** Forgets an event not handled, so that its next delivery is. */
  async forgetMvneEvent(db: Db, id: string) {
    await db.delete(mvneEvents).where(eq(mvneEvents.id, id));
  },

  orderByNumber: orderFulfilmentRecords.orderByNumber,
  /** The customer's newest order that may be activated online. */
  onlineActivationOrder: orderFulfilmentRecords.onlineActivationOrder,
  /** The same, held for the caller's transaction. */
  lockOnlineActivationOrder: orderFulfilmentRecords.lockOnlineActivationOrder,
};
