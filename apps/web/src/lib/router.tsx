import { matchRoute, routeParams } from '@selfcare/domain';
import { type AnchorHTMLAttributes, type MouseEvent, useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * A small history router. Routes, titles and access rules already live in the domain's route table,
 * so the browser side only needs the location, links and navigation (ADR 0002).
 */
export interface Location {
  pathname: string;
  search: string;
  state: unknown;
}

const listeners = new Set<() => void>();
const read = (): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
});
let current = read();
const emit = () => {
  current = read();
  for (const l of listeners) l();
};
window.addEventListener('popstate', emit);

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export function navigate(to: string, opts: NavigateOptions = {}) {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url);
    return;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  window.history[opts.replace ? 'replaceState' : 'pushState']({ usr: opts.state ?? null }, '', target);
  emit();
  if (!opts.replace) window.scrollTo(0, 0);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useLocation = (): Location => useSyncExternalStore(subscribe, () => current);
export const useNavigate = () => navigate;

export function useParams(): Record<string, string> {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  return route ? routeParams(route, pathname) : {};
}

export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string>, opts?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const set = (next: Record<string, string>, opts?: NavigateOptions) => {
    const qs = new URLSearchParams(next).toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}`, opts);
  };
  return [new URLSearchParams(search), set];
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: React.Ref<HTMLAnchorElement>;
};

/** An anchor that navigates in place; modified clicks and other targets keep the browser's behaviour. */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (
      e.defaultPrevented ||
      e.button !== 0 ||
      e.metaKey ||
      e.altKey ||
      e.ctrlKey ||
      e.shiftKey ||
      rest.target
    )
      return;
    e.preventDefault();
    navigate(to, { replace, state });
  };
  return <a href={to} onClick={handle} {...rest} />;
}

export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  useLayoutEffect(() => navigate(to, { replace, state }), [to, replace, state]);
  return null;
}
