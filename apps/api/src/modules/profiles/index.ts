import { defineModule } from '../../module.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';
import { profileRecords } from './profile-records.ts';

export { profileErasure } from './profile-erasure.ts';
export { profileExportOf } from './profile-export.ts';
export { type ProfileRow, type ProfileValues, profileRecords } from './profile-records.ts';
export type { ProfileService };

declare module '../../module.ts' {
  interface Services {
    /** The customer's own profile on /profile/myProfile (ADR 0026). */
    profile: ProfileService;
  }
}

/**
 * The customer's profile (ADR 0026): who they are as their first order gave it, what they may change
 * on /profile/myProfile, and its contact number following their line's number (ADR 0028). Orders
 * write it through `profileRecords`; users erase it and copy it out through its `…Erasure` and
 * `…ExportOf`.
 */
export const profilesModule = defineModule({
  name: 'profiles',
  // The saved card the profile shows is read through billing's cards on file, which orders keep.
  services: ({ database, clock }, { cardsOnFile }) => ({
    profile: new ProfileService({ database, clock, cards: cardsOnFile }),
  }),
  // The contact number follows the line's number when it changes, in the change's transaction (ADR 0028).
  start: async ({ numberChanges }) => {
    numberChanges.onMoved((tx, move) => profileRecords.followNumber(tx.db, move));
  },
  routes: async (app, { sessions, profile }) => {
    await app.register(profileRoutes, { prefix: '/api/v1', auth: sessions, profile });
  },
});
