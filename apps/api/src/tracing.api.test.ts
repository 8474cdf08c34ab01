import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutside } from './metrics.ts';
import { createTestApp, signedInCustomer, type TestApp } from './test/harness.ts';
import { flushTraces, inSpan, stopTracing } from './tracing.ts';

/** A span as OTLP/JSON carries it. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

/** An OTLP/HTTP collector: what the portal sends to `<endpoint>/v1/traces`. */
let collector: Server;
const spans: OtlpSpan[] = [];
const services = new Set<string>();
/** The headers of the last call to the collector's /echo, as an outside system would see them. */
let echoed: Record<string, string> = {};
let t: TestApp;

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url === '/echo') echoed = req.headers as Record<string, string>;
      if (req.url === '/v1/traces') {
        const sent = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { spans: OtlpSpan[] }[];
          }[];
        };
        for (const r of sent.resourceSpans) {
          for (const a of r.resource.attributes)
            if (a.key === 'service.name') services.add(a.value.stringValue ?? '');
          for (const s of r.scopeSpans) spans.push(...s.spans);
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  t = await createTestApp({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_SERVICE_NAME: 'selfcare-api-test',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  // The files after this one share the process: they are not traced.
  await stopTracing();
  await new Promise((resolve) => collector.close(resolve));
});

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** The spans of one trace, as a tree's edges: each span's parent. */
async function traceOf(find: (s: OtlpSpan) => boolean, until: (trace: OtlpSpan[]) => boolean) {
  let trace: OtlpSpan[] = [];
  for (let i = 0; i < 60; i++) {
    await flushTraces();
    const root = spans.find(find);
    trace = root ? spans.filter((s) => s.traceId === root.traceId) : [];
    if (until(trace)) return trace;
    await new Promise((r) => setTimeout(r, 250));
  }
  return trace;
}

describe('traces', () => {
  it('follow a sign-in code from the request through its statements and its job to the SMS gateway', async () => {
    const c = await signedInCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/getOTPLogin',
      payload: { phoneNumber: c.phoneNumber, method: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);

    const request = (s: OtlpSpan) => s.kind === SERVER && s.name === 'POST /api/v1/auth/getOTPLogin';
    const trace = await traceOf(request, (all) =>
      all.some((s) => s.kind === CLIENT && s.name === 'sms POST'),
    );
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const root = trace.find(request);
    expect(root, 'the request is a span').toBeDefined();
    expect(services).toContain('selfcare-api-test');
    // The request's own statements are its children.
    const statements = trace.filter(
      (s) => s.kind === CLIENT && s.name.startsWith('pg ') && s.parentSpanId === root?.spanId,
    );
    expect(statements.map((s) => s.name)).toContain('pg SELECT');
    // The job it enqueued runs in the same trace, under the request, and the SMS is sent under the job.
    const sms = trace.find((s) => s.name === 'sms POST');
    expect(sms, 'the SMS gateway call is in the trace').toBeDefined();
    const ancestors: OtlpSpan[] = [];
    for (let s = sms; s?.parentSpanId; s = byId.get(s.parentSpanId)) {
      const parent = byId.get(s.parentSpanId);
      if (parent) ancestors.push(parent);
    }
    const job = ancestors.find((s) => s.kind === CONSUMER);
    expect(job?.name).toMatch(/^job /);
    expect(ancestors.at(-1)?.spanId).toBe(root?.spanId);
  });

  it('carries the trace to the outside system as a W3C traceparent', async () => {
    const { port } = collector.address() as AddressInfo;
    let traceId = '';
    await inSpan('a test', { kind: SpanKind.INTERNAL }, async (span) => {
      traceId = span.spanContext().traceId;
      await fetchOutside('sms', `http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        headers: { 'x-kept': 'yes' },
      });
    });
    expect(echoed['x-kept']).toBe('yes');
    expect(echoed.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });
});
