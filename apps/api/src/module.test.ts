import { describe, expect, it } from 'vitest';
import { buildServices, defineModule, type Platform, Registered } from './module.ts';
import { MODULES } from './modules.ts';

const platform = {} as Platform;

describe('buildServices', () => {
  it('hands each module the services of the modules before it', () => {
    const first = defineModule({ name: 'first', services: () => ({ catalog: 'catalog' as never }) });
    const second = defineModule({
      name: 'second',
      services: (_p, { catalog }) => ({ documents: `documents after ${catalog}` as never }),
    });
    const services = buildServices([first, second], platform);
    expect(services.documents).toBe('documents after catalog');
  });

  it('stops a start whose module reads a service no module before it builds, naming both', () => {
    const early = defineModule({
      name: 'early',
      services: (_p, { catalog }) => ({ documents: catalog as never }),
    });
    const late = defineModule({ name: 'late', services: () => ({ catalog: 'catalog' as never }) });
    expect(() => buildServices([early, late], platform)).toThrow(
      "Module early needs the service 'catalog', which no module before it builds",
    );
  });
});

describe('the module list', () => {
  it('names each module once and each job kind once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const jobs = MODULES.flatMap((m) => m.jobs ?? []).map((j) => j.name);
    expect(new Set(jobs).size).toBe(jobs.length);
  });
});

describe('what another module registers at start', () => {
  it('says who registers it when read before, and is what was registered after', () => {
    const spend = new Registered<{ cents: number }>(
      'Roaming spend is read from usage, which registers it at start',
    );
    expect(() => spend.get()).toThrow('Roaming spend is read from usage, which registers it at start');
    spend.fill({ cents: 1250 });
    expect(spend.get().cents).toBe(1250);
  });
});
