export { buildApp } from './app.ts';
export { ConfigError, loadConfig } from './config.ts';
export { createContext } from './context.ts';
export { createDatabase } from './db/client.ts';
export { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded.ts';
export { runMigrations } from './db/migrate.ts';
export { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_MEMBERS, seedDemoData } from './db/seed.ts';
export { createLoggers, fastifyLogging } from './logging.ts';
