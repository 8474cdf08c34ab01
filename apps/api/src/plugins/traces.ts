import { context, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracer } from '../tracing.ts';

/**
 * Each request as a server span named by its route's template (ADR 0054), the root of a new trace:
 * a client's own `traceparent` is not believed, since it would choose the trace that reaches the
 * outside systems and the jobs. The span starts as the request arrives; its context is entered just
 * before the handler (after the body is read, whose stream events would lose it), so the handler's
 * statements, calls and jobs are its children.
 */
export function traceRequests(app: FastifyInstance) {
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route } },
      ROOT_CONTEXT,
    );
    spans.set(request, span);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    context.with(trace.setSpan(ROOT_CONTEXT, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
