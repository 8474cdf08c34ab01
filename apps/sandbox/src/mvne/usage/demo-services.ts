/** A live service the MVNE provisions for the demo operator when it starts with no saved records. */
export interface DemoService {
  id: string;
  msisdn: string;
  planCode: string;
  simType: 'physical';
}

/**
 * The demo operator's active lines (the demo customers' orders that went live a month ago), known to
 * the operator by these service ids. They come up active with a month of traffic behind them, so
 * balances and usage history have something to show from the first start.
 */
export const DEMO_SERVICES: DemoService[] = [
  { id: 'DEMO-91000004', msisdn: '91000004', planCode: 'PLUS-35', simType: 'physical' },
  { id: 'DEMO-81000001', msisdn: '81000001', planCode: 'LITE-10', simType: 'physical' },
  { id: 'DEMO-81000002', msisdn: '81000002', planCode: 'LITE-10', simType: 'physical' },
  { id: 'DEMO-91000005', msisdn: '91000005', planCode: 'VALUE-20', simType: 'physical' },
  { id: 'DEMO-91000006', msisdn: '91000006', planCode: 'MAX-55', simType: 'physical' },
];

/** How long before the MVNE's first start the demo lines went live, and which one has data rollover on. */
export const DEMO_HISTORY_DAYS = 30;
export const DEMO_ROLLOVER_SERVICE = 'DEMO-91000004';
