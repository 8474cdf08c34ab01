import { defineModule } from '../../module.ts';
import { systemRoutes } from './system.routes.ts';
import { systemSettings } from './system.settings.ts';

export { healthRoutes } from './health.routes.ts';

/**
 * Health and readiness, the public settings (the fees included), the web app manifest from the brand's
 * settings, and the test clock when it is enabled.
 */
export const systemModule = defineModule({
  name: 'system',
  settings: systemSettings,
  routes: (app, { staffAuth }, { database, clock, config, fees }) =>
    app.register(systemRoutes, {
      database,
      clock,
      clockControl: config.CLOCK_CONTROL,
      staffAuth,
      settings: {
        defaultLanguage: config.DEFAULT_LANGUAGE,
        brandName: config.BRAND_NAME,
        supportEmail: config.SUPPORT_EMAIL,
        supportPhone: config.SUPPORT_PHONE,
        marketingUrl: config.MARKETING_URL,
        fees,
      },
      webApp: {
        name: config.BRAND_NAME,
        shortName: config.BRAND_SHORT_NAME,
        color: config.BRAND_COLOR,
        iconsDir: config.BRAND_ICONS_DIR,
        defaultLanguage: config.DEFAULT_LANGUAGE,
      },
    }),
});
