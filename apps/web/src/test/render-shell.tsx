import { MantineProvider } from '@mantine/core';
import { type AuthUser, routeByName } from '@selfcare/domain';
import { Layout } from '../app/shell/layout.tsx';
import { session } from '../lib/session.ts';
import { customer, sessionOf } from './fake-server.ts';
import { renderPage } from './render-page.tsx';

/** The shell around a page of `route`, for a signed-in customer unless `user` is null. */
export function renderShell(
  routeName: Parameters<typeof routeByName>[0],
  user: AuthUser | null = customer(),
) {
  if (user) session.set({ ...sessionOf('token-1'), authUser: user });
  else session.clear();
  return renderPage(
    <MantineProvider env="test">
      <Layout route={routeByName(routeName)}>
        <p>The page</p>
      </Layout>
    </MantineProvider>,
  );
}
