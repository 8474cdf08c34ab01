import { defineModule } from '../../module.ts';
import { documentsJobs, registerDocumentsWorkers } from './documents.jobs.ts';
import { documentsRoutes } from './documents.routes.ts';
import { DocumentsService } from './documents.service.ts';
import { documentsSettings } from './documents.settings.ts';

export { documentRecords } from './document-records.ts';
export type { DocumentKeeper } from './documents.repository.ts';
export { documentsErasure } from './documents-erasure.ts';
export type { DocumentsService };

declare module '../../module.ts' {
  interface Services {
    documents: DocumentsService;
  }
}

/** Uploaded ID documents: storage, quota and the daily removal of unused ones. */
export const documentsModule = defineModule({
  name: 'documents',
  settings: documentsSettings,
  jobs: documentsJobs,
  services: ({ database, clock, config }) => ({ documents: new DocumentsService(database, clock, config) }),
  // Files an earlier version kept on this host's disk move into the database (ADR 0021), in every
  // process: an API that ran alone kept the uploads it took.
  start: ({ documents }) => documents.importFromDisk(),
  workers: (queue, { documents }) => registerDocumentsWorkers(queue, { documents }),
  routes: (app, { sessions, documents }) =>
    app.register(documentsRoutes, { prefix: '/api/v1', auth: sessions, documents }),
});
