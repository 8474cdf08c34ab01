import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { customer } from '../test/fake-server.ts';
import { queryClient } from './query-client.ts';
import { lazyWithQueries } from './query-pages.tsx';
import { session } from './session.ts';

const login = (id: string) => ({ token: `token-${id}`, authUser: customer({ id }), version: 'v1' });
const BILLS = ['bills', 'list'];

/**
 * What the pages kept of one customer (TanStack Query's answers, keyed by what was asked) is gone
 * before another customer's pages ask on the same browser, however the first login ended.
 */
describe("a customer's kept answers", () => {
  it('go when the login ends, expires, or another customer signs in; a refreshed login keeps them', async () => {
    const Page = lazyWithQueries(async () => ({ default: () => <p>a page that asks</p> }));
    render(
      <Suspense>
        <Page />
      </Suspense>,
    );
    await screen.findByText('a page that asks');

    session.set(login('a'));
    queryClient.setQueryData(BILLS, ['bill of a']);
    session.set(login('a'));
    expect(queryClient.getQueryData(BILLS)).toEqual(['bill of a']);
    session.set(login('b'));
    expect(queryClient.getQueryData(BILLS)).toBeUndefined();

    queryClient.setQueryData(BILLS, ['bill of b']);
    session.expire();
    expect(queryClient.getQueryData(BILLS)).toBeUndefined();

    session.set(login('c'));
    queryClient.setQueryData(BILLS, ['bill of c']);
    session.clear();
    expect(queryClient.getQueryData(BILLS)).toBeUndefined();
  });
});
