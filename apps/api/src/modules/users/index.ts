import { defineModule } from '../../module.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

export type { UsersService };

declare module '../../module.ts' {
  interface Services {
    users: UsersService;
  }
}

/** The signed-in customer's own record, as the web app's session reads it. */
export const usersModule = defineModule({
  name: 'users',
  services: ({ database }, { history }) => ({ users: new UsersService(database, history) }),
  routes: (app, { sessions, users }) =>
    app.register(usersRoutes, { prefix: '/api/v1', auth: sessions, users }),
});
