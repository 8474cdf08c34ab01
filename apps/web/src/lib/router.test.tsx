import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, navigate, useLocation, useParams, useSearchParams } from './router.tsx';

/** What a page built on the router shows: where it is, with what state and parameters. */
function Where() {
  const { pathname, search, state } = useLocation();
  const params = useParams();
  return (
    <>
      <p data-testid="path">{`${pathname}${search}`}</p>
      <p data-testid="state">{JSON.stringify(state)}</p>
      <p data-testid="params">{JSON.stringify(params)}</p>
    </>
  );
}
const shown = (id: string) => screen.getByTestId(id).textContent;

/** A queue's status filter kept in the query string. */
function Filters() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p data-testid="status">{params.get('status') ?? 'all'}</p>
      <button type="button" onClick={() => setParams({ status: 'open', page: '1' })}>
        Open only
      </button>
      <button type="button" onClick={() => setParams({})}>
        All
      </button>
    </>
  );
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  act(() => navigate('/', { replace: true }));
});
afterEach(() => vi.restoreAllMocks());

describe('navigate', () => {
  it('moves to a path of this site in place: the address bar and the page follow, one history entry more', () => {
    render(<Where />);
    const entries = window.history.length;
    act(() => navigate('/manage/orders?page=2'));
    expect(window.location.pathname).toBe('/manage/orders');
    expect(window.location.search).toBe('?page=2');
    expect(shown('path')).toBe('/manage/orders?page=2');
    expect(window.history.length).toBe(entries + 1);
  });

  it('replaces the current entry when asked, so Back skips the page left', () => {
    render(<Where />);
    act(() => navigate('/login'));
    const entries = window.history.length;
    act(() => navigate('/myAccount', { replace: true }));
    expect(shown('path')).toBe('/myAccount');
    expect(window.history.length).toBe(entries);
  });

  it('carries state to the next page, and none to a page reached without it', () => {
    render(<Where />);
    act(() => navigate('/login', { state: { from: '/manage/orders' } }));
    expect(shown('state')).toBe('{"from":"/manage/orders"}');
    act(() => navigate('/myAccount'));
    expect(shown('state')).toBe('null');
  });

  it('takes a full URL of this site as a path of it', () => {
    render(<Where />);
    act(() => navigate(`${window.location.origin}/manage/orders#top`));
    expect(shown('path')).toBe('/manage/orders');
    expect(window.location.hash).toBe('#top');
  });

  it('leaves for another site with a page load, not a history entry of ours', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    render(<Where />);
    const entries = window.history.length;
    act(() => navigate('https://payments.example.com/pay/123'));
    expect(assign).toHaveBeenCalledWith(new URL('https://payments.example.com/pay/123'));
    expect(window.history.length).toBe(entries);
    expect(shown('path')).toBe('/');
  });

  it('shows the page the browser goes back to', async () => {
    render(<Where />);
    act(() => navigate('/manage/orders'));
    act(() => navigate('/myAccount'));
    await act(async () => {
      const popped = new Promise((r) => window.addEventListener('popstate', r, { once: true }));
      window.history.back();
      await popped;
    });
    expect(shown('path')).toBe('/manage/orders');
  });
});

describe('route parameters', () => {
  it('names the parts of the path the route table marks, decoded, and none on a page that has none', () => {
    render(<Where />);
    act(() => navigate('/manage/orders/3f2a%20b'));
    expect(JSON.parse(shown('params') as string)).toEqual({ id: '3f2a b' });
    act(() => navigate('/manage/simManagement/line-7/detail'));
    expect(JSON.parse(shown('params') as string)).toEqual({ id: 'line-7' });
    act(() => navigate('/myAccount'));
    expect(shown('params')).toBe('{}');
    act(() => navigate('/no/such/page'));
    expect(shown('params')).toBe('{}');
  });

  it('reads and writes the query string of the current page', () => {
    act(() => navigate('/manage/orders?status=closed'));
    render(<Filters />);
    expect(shown('status')).toBe('closed');
    fireEvent.click(screen.getByRole('button', { name: 'Open only' }));
    expect(shown('status')).toBe('open');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/manage/orders?status=open&page=1');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(window.location.href).toBe(`${window.location.origin}/manage/orders`);
    expect(shown('status')).toBe('all');
  });
});

describe('Link', () => {
  it('is a real link that opens its page in place when clicked', () => {
    render(
      <>
        <Where />
        <Link to="/manage/orders">My orders</Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'My orders' });
    expect(link.getAttribute('href')).toBe('/manage/orders');
    const click = fireEvent.click(link, { button: 0 });
    // A prevented default is what keeps the browser from loading the page again.
    expect(click).toBe(false);
    expect(shown('path')).toBe('/manage/orders');
  });

  it('leaves a click with a modifier key, or into another window, to the browser', () => {
    render(
      <>
        <Where />
        <Link to="/manage/orders">My orders</Link>
        <Link to="/help" target="_blank">
          Help
        </Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'My orders' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }])
      expect(fireEvent.click(link, { button: 0, ...modifier })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Help' }), { button: 0 })).toBe(true);
    expect(shown('path')).toBe('/');
  });

  it("runs the link's own click handler first, which may keep it from navigating", () => {
    const onClick = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <>
        <Where />
        <Link to="/manage/orders" onClick={onClick}>
          My orders
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'My orders' }), { button: 0 });
    expect(onClick).toHaveBeenCalledOnce();
    expect(shown('path')).toBe('/');
  });
});
