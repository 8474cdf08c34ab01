import { type Span, SpanKind } from '@opentelemetry/api';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { inSpan, traceHeaders } from './tracing.ts';

/**
 * The process's metrics in the Prometheus text format (ADR 0052): what the API and the worker count
 * as they run, and what `/metrics` reads from the database as it is scraped. Labels are few and
 * bounded: a route by its template, never an id; a system, a queue or a webhook source by name.
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'selfcare_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metrics],
});

export const httpDuration = new Histogram({
  name: 'selfcare_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template and method',
  labelNames: ['route', 'method'] as const,
  buckets: SECONDS,
  registers: [metrics],
});

export const webhooks = new Counter({
  name: 'selfcare_webhooks_total',
  help: 'Webhooks received by source: accepted, refused (4xx: bad signature or event) or failed (5xx)',
  labelNames: ['source', 'outcome'] as const,
  registers: [metrics],
});

/** The outside systems the portal calls. */
const OUTSIDE_SYSTEMS = ['mvne', 'gateway', 'bank', 'sms', 'smtp', 'address', 'myinfo'] as const;
export type OutsideSystem = (typeof OUTSIDE_SYSTEMS)[number];
const OUTSIDE_OUTCOMES = ['ok', 'refused', 'unavailable'] as const;
type OutsideOutcome = (typeof OUTSIDE_OUTCOMES)[number];

export const outsideCalls = new Counter({
  name: 'selfcare_outside_calls_total',
  help: 'Calls to outside systems by outcome: ok, refused (the system said no) or unavailable (no answer, 5xx)',
  labelNames: ['system', 'outcome'] as const,
  registers: [metrics],
});

export const outsideCallDuration = new Histogram({
  name: 'selfcare_outside_call_duration_seconds',
  help: 'Time an outside system took to answer, or to fail',
  labelNames: ['system'] as const,
  buckets: SECONDS,
  registers: [metrics],
});

/**
 * Runs a call to an outside system in a client span, timed, and counts its outcome: what `answered`
 * makes of its result, or for a throw `refused` (the system answered no) or else `unavailable`.
 */
async function timeOutside<T>(
  system: OutsideSystem,
  name: string,
  call: (span: Span) => Promise<T>,
  outcomeOf: { answered: (result: T) => OutsideOutcome; refused: (err: unknown) => boolean },
): Promise<T> {
  const end = outsideCallDuration.startTimer({ system });
  try {
    const result = await inSpan(name, { kind: SpanKind.CLIENT }, call);
    outsideCalls.inc({ system, outcome: outcomeOf.answered(result) });
    return result;
  } catch (err) {
    outsideCalls.inc({ system, outcome: outcomeOf.refused(err) ? 'refused' : 'unavailable' });
    throw err;
  } finally {
    end();
  }
}

/**
 * A call to an outside system that is not `fetch` (the SMTP send). `refused` tells a refusal (the
 * system answered no) from a failure to answer, which the caller's error classes know.
 */
export const callOutside = <T>(
  system: OutsideSystem,
  call: () => Promise<T>,
  refused: (err: unknown) => boolean = () => false,
): Promise<T> => timeOutside(system, `${system} call`, call, { answered: () => 'ok', refused });

/**
 * `fetch` to an outside system, counted by what it answered: ok, refused (a 4xx: it said no), or
 * unavailable (no answer, a timeout, a 5xx or a 429). The trace goes on with the call (W3C
 * traceparent), so the system's own spans may join it.
 */
export const fetchOutside = (system: OutsideSystem, url: string, init: RequestInit): Promise<Response> =>
  timeOutside(
    system,
    `${system} ${init.method ?? 'GET'}`,
    async (span) => {
      const headers = { ...Object.fromEntries(new Headers(init.headers)), ...traceHeaders() };
      const answer = await fetch(url, { ...init, headers });
      span.setAttribute('http.response.status_code', answer.status);
      return answer;
    },
    {
      answered: ({ status }) =>
        status >= 500 || status === 429 ? 'unavailable' : status >= 400 ? 'refused' : 'ok',
      refused: () => false,
    },
  );

export const JOB_OUTCOMES = ['completed', 'retried', 'failed'] as const;

export const jobRuns = new Counter({
  name: 'selfcare_job_runs_total',
  help: 'Jobs run by queue and outcome: completed, retried (failed, tried again later) or failed (out of tries)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [metrics],
});

export const jobDuration = new Histogram({
  name: 'selfcare_job_duration_seconds',
  help: 'Time a job ran, by queue',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [metrics],
});

export const signInFailures = new Counter({
  name: 'selfcare_sign_in_failures_total',
  help: 'Sign-ins refused for a wrong password or code, by who signs in (customer or staff)',
  labelNames: ['who'] as const,
  registers: [metrics],
});

export const lockouts = new Counter({
  name: 'selfcare_sign_in_lockouts_total',
  help: 'Sign-ins refused unchecked because too many failed before (locked out), by who signs in (customer or staff)',
  labelNames: ['who'] as const,
  registers: [metrics],
});

// Read from the database as /metrics is scraped (`Queue.readMetrics`), so that every process tells
// the same, whichever of them did the work. Modules read their own the same way (`ApiModule.metrics`).
export const queueWaiting = new Gauge({
  name: 'selfcare_job_queue_waiting',
  help: 'Jobs due and not yet taken by a worker, by queue',
  labelNames: ['queue'] as const,
  registers: [metrics],
});

export const queueOldest = new Gauge({
  name: 'selfcare_job_queue_oldest_seconds',
  help: 'Age of the oldest job due and not yet taken, by queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [metrics],
});

export const queueRetrying = new Gauge({
  name: 'selfcare_job_queue_retrying',
  help: 'Jobs that failed and wait to be tried again, by queue',
  labelNames: ['queue'] as const,
  registers: [metrics],
});

export const queueFailed = new Gauge({
  name: 'selfcare_job_queue_failed',
  help: 'Jobs out of tries in the last 7 days (then archived), by queue',
  labelNames: ['queue'] as const,
  registers: [metrics],
});

// Every series an alert waits for the first increase of starts at 0 (a counter's series appears at
// its first increment, which `increase()` cannot see). The queues' and webhooks' start as they are
// worked and routed.
for (const system of OUTSIDE_SYSTEMS)
  for (const outcome of OUTSIDE_OUTCOMES) outsideCalls.inc({ system, outcome }, 0);
for (const who of ['customer', 'staff']) {
  signInFailures.inc({ who }, 0);
  lockouts.inc({ who }, 0);
}
