import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import pg from 'pg';

/**
 * Traces (ADR 0054), off unless an OTLP endpoint is configured: one trace from an HTTP request through
 * its database calls, its calls to outside systems and the jobs it enqueues, each job's own calls
 * under it. With tracing off the API's no-op tracer answers every call, and nothing is patched.
 */
/** The portal's tracer, asked for each time: a process that stops tracing gets the no-op one again. */
export const tracer = () => trace.getTracer('selfcare');

let provider: TracerProvider | undefined;

/** Whether this process sends traces. */
export const tracing = () => provider !== undefined;

/**
 * Starts sending traces to `endpoint` (OTLP over HTTP, `<endpoint>/v1/traces`) as `service`, once per
 * process; a second call is a no-op. Database statements are traced from here on.
 */
export function startTracing(endpoint: string, service: string): void {
  if (provider) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  traceStatements();
}

/**
 * Sends what is left and stops tracing this process: the globals and the statements' patch are
 * undone, so that what runs next in the process (other test files share it) is not traced.
 */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  if (!stopping) return;
  provider = undefined;
  pg.Client.prototype.query = untracedQuery;
  trace.disable();
  context.disable();
  propagation.disable();
  await stopping.shutdown();
}

/** Sends what is waiting (a process stopping, or a test reading what was sent). */
export async function flushTraces(): Promise<void> {
  await provider?.forceFlush();
}

/** Runs `work` in a span that ends with it, marked failed when it throws. */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Record<string, string | number> },
  work: (span: Span) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  const span = tracer().startSpan(name, options, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

/** The current trace as W3C headers (`traceparent`), to carry to another process or a job. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context a carrier of W3C headers continues (none: a new trace, whatever is active). */
export const contextFrom = (carrier: Record<string, unknown> | undefined): Context =>
  propagation.extract(ROOT_CONTEXT, carrier ?? {});

type Query = pg.Client['query'];
const untracedQuery: Query = pg.Client.prototype.query;

/**
 * Every statement through `pg` (the pool's, a transaction's, pg-boss's) as a client span named by its
 * first word, with the statement's text (its values are parameters, never in it).
 */
function traceStatements() {
  const query = untracedQuery as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const active = trace.getSpan(context.active());
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    // Only statements inside a trace.
    if (!active || !text) return query.apply(this, args);
    const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
    const span = tracer().startSpan(`pg ${verb}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 2000) },
    });
    const settled = (err?: Error | null) => {
      if (err) {
        span.recordException(err);
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };
    const last = args.length - 1;
    const callback = args[last];
    try {
      if (typeof callback === 'function') {
        // The callback form, which the pool's own query uses: the span ends as it is called.
        const done = (err: Error | null, ...rest: unknown[]) => {
          settled(err);
          return (callback as (...a: unknown[]) => unknown)(err, ...rest);
        };
        return query.apply(this, [...args.slice(0, last), done]);
      }
      const result = query.apply(this, args) as Promise<unknown> | undefined;
      if (typeof result?.then !== 'function') settled();
      else
        result.then(
          () => settled(),
          (err: Error) => settled(err),
        );
      return result;
    } catch (err) {
      settled(err as Error);
      throw err;
    }
  } as Query;
}
