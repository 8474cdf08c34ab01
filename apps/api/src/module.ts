import type { Fees } from '@selfcare/domain/order';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Clock } from './clock.ts';
import type { Brand, Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { AddressClient } from './integrations/address.ts';
import type { EmailClient } from './integrations/email.ts';
import type { MvneClient } from './integrations/mvne.ts';
import type { MyinfoClient } from './integrations/myinfo.ts';
import type { PaymentsClient } from './integrations/payments.ts';
import type { SmsClient } from './integrations/sms.ts';
import type { JobDefinition, Queue } from './jobs/queue.ts';
import type { Throttle } from './security/throttle.ts';
import type { SettingDeclarations } from './settings.ts';

/**
 * What every module may use: the configuration, the clock, the database, the job queue, the fees, the
 * shared throttle and the clients of the systems outside our walls. Built once per process.
 */
export interface Platform {
  config: Config;
  clock: Clock;
  database: Database;
  queue: Queue;
  brand: Brand;
  fees: Fees;
  /** Every kind of charge a module declares (`ApiModule.chargeKinds` and its fees'). */
  chargeKinds: ReadonlySet<string>;
  throttle: Throttle;
  mvne: MvneClient;
  payments: PaymentsClient;
  myinfoClient: MyinfoClient;
  address: AddressClient;
  email: EmailClient;
  sms: SmsClient;
  /** The web build's version, which sign-in answers carry so that an old page knows to reload. */
  webVersion: () => string;
}

/**
 * The services the modules provide, by name. Each module adds its own with a declaration beside its
 * registration (`declare module '../../module.ts' { interface Services { … } }`), so adding a module
 * edits no shared file but the module list.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each module's declaration
export interface Services {}

/**
 * One module: its jobs, how its services are built, its workers and its routes. `app.ts` and
 * `context.ts` read the list in `modules.ts`; nothing else knows which modules exist.
 */
export interface ApiModule {
  name: string;
  /**
   * The settings only this module reads (`<m>.settings.ts`): each variable's schema, default and
   * meaning, fees among them. Parsed into `config` with the platform's; the README's table is written
   * from them (ADR 0048).
   */
  settings?: SettingDeclarations;
  /**
   * The kinds of charge this module writes besides its fees' (whose kind their declaration names);
   * billing's ledger refuses a kind no module declares.
   */
  chargeKinds?: readonly string[];
  /** Job kinds whose queues this module owns (created at start, before any worker runs). */
  jobs?: readonly JobDefinition<z.ZodType>[];
  /**
   * Builds the module's services. `services` holds those of the modules before it in the list; reading
   * one that is not built yet stops the start with the names of both modules.
   */
  services?: (platform: Platform, services: Services) => Partial<Services>;
  /**
   * Work every process does once at start, before it serves or runs jobs, whatever its role (an API
   * alone, a worker alone, or both); a failure stops the start.
   */
  start?: (services: Services, platform: Platform) => PromiseLike<unknown>;
  /** Registers the module's job handlers and schedules (processes that run the worker only). */
  workers?: (queue: Queue, services: Services, platform: Platform) => PromiseLike<unknown>;
  /**
   * What the module tells `/metrics` from its tables (ADR 0052): a function that sets its gauges,
   * called as the endpoint is scraped, so every process tells the same.
   */
  metrics?: (services: Services, platform: Platform) => () => Promise<void>;
  /** Registers the module's HTTP routes. */
  routes?: (app: FastifyInstance, services: Services, platform: Platform) => PromiseLike<unknown>;
}

export const defineModule = (module: ApiModule): ApiModule => module;

/** Builds every module's services in list order, refusing a read of a service not yet built. */
export function buildServices(modules: readonly ApiModule[], platform: Platform): Services {
  const built: Record<string, unknown> = {};
  for (const module of modules) {
    if (!module.services) continue;
    const view = new Proxy(built, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target))
          throw new Error(
            `Module ${module.name} needs the service '${key}', which no module before it builds`,
          );
        return target[key as string];
      },
    }) as unknown as Services;
    Object.assign(built, module.services(platform, view));
  }
  return built as unknown as Services;
}

/**
 * What another module registers at start, because that module uses this one (ADR 0045): held from
 * then on. Read before, it throws `missing`, which names the module that registers it.
 */
export class Registered<T> {
  private value: T | undefined;

  constructor(private readonly missing: string) {}

  fill(value: T) {
    this.value = value;
  }

  get(): T {
    if (this.value === undefined) throw new Error(this.missing);
    return this.value;
  }
}
