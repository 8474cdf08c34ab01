import { defineModule } from '../../module.ts';
import { staffAuthRoutes } from './staff-auth.routes.ts';
import { StaffAuthService } from './staff-auth.service.ts';

export { blankAuditTerms } from './audit-erasure.ts';
export { type StaffAuditEntry, staffAuditRecords } from './audit-records.ts';
export { staffNames } from './staff.schema.ts';
export { recordStaffAudit } from './staff-audit.ts';
export type { CurrentStaff } from './staff-auth.service.ts';
export type { StaffAuthService };

declare module '../../module.ts' {
  interface Services {
    staffAuth: StaffAuthService;
  }
}

/** Staff members' sign-in (password, and TOTP or a passkey), sessions and roles. */
export const staffModule = defineModule({
  name: 'staff',
  services: ({ database, clock, throttle, config, queue, brand }) => ({
    staffAuth: new StaffAuthService(database, clock, throttle, config.JWT_SECRET, queue, {
      publicUrl: config.PUBLIC_URL,
      brandName: brand.name,
    }),
  }),
  routes: (app, { staffAuth }, { config }) =>
    app.register(staffAuthRoutes, { prefix: '/api/v1/staff/auth', staffAuth, config }),
});
