import base from './playwright.config.ts';
const mode = process.env.EXP_TRACE ?? 'retain-on-failure';
const trace =
  mode === 'noshots' ? { mode: 'retain-on-failure' as const, screenshots: false, snapshots: true }
  : mode === 'off' ? ('off' as const) : ('retain-on-failure' as const);
export default { ...base, use: { ...base.use, trace } };
