import type { PortingStatus } from '@selfcare/domain';
import type { LineState } from '@selfcare/domain/fulfilment';
import type { Db } from '../../db/client.ts';

/** The line made for an order line, as ordering reads it. */
export interface LineOfOrderLine {
  id: string;
  state: LineState;
  msisdn: string;
  /** The login of an 'Us' line. */
  lineUserId: string | null;
}

/**
 * What ordering reads of the lines made from its order lines and of their port-in requests. Lines
 * own them and read orders, so orders may not import lines: lines registers this at start, with the
 * customer's past orders and with 'Us' lines (ADR 0045).
 */
export interface OrderedLines {
  /** The lines made for these order lines, by order line id (an order line makes one at most). */
  ofOrderLines(db: Db, orderLineIds: string[]): Promise<Map<string, LineOfOrderLine>>;
  /** Whether a line that has not ended has the number. */
  hasLiveNumber(db: Db, msisdn: string): Promise<boolean>;
  /** The statuses of the order's port-in requests. */
  portStatusesOfOrder(db: Db, orderId: string): Promise<{ status: PortingStatus }[]>;
}
