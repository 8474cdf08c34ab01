import { type Config, PLATFORM_SETTINGS, parseConfig } from './config.ts';
import { MODULES } from './modules.ts';
import { combineSettings, type SettingDeclarations } from './settings.ts';

/** The settings the modules declare, in the order of the module list. */
export const MODULE_SETTINGS: SettingDeclarations = combineSettings(MODULES.map((m) => m.settings ?? {}));

/** Every setting the API reads, the platform's first: what the README's table lists. */
export const ALL_SETTINGS: SettingDeclarations = combineSettings([PLATFORM_SETTINGS, MODULE_SETTINGS]);

/**
 * The kinds of charge the modules write: those each declares and those of the fees it declares. The
 * charges ledger refuses any other, so a kind is named once, by the module that bills it.
 */
export const CHARGE_KINDS: ReadonlySet<string> = new Set(
  MODULES.flatMap((m) => [
    ...(m.chargeKinds ?? []),
    ...Object.values(m.settings ?? {}).flatMap((s) => (s.fee?.chargeKind ? [s.fee.chargeKind] : [])),
  ]),
);

/** The configuration from the environment: a bad value stops the start, naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => parseConfig(env, MODULE_SETTINGS);
