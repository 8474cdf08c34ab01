import { useEffect } from 'react';
import { useNavigate } from '../lib/router.tsx';

/**
 * Return from the national identity provider: `state` holds JSON with a `ref` (a path of ours); go
 * there keeping the original query string. Anything but a same-site path goes home.
 */
export default function CallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const search = window.location.search;
    let ref = '/';
    try {
      const state = JSON.parse(new URLSearchParams(search).get('state') ?? '{}') as { ref?: unknown };
      if (typeof state.ref === 'string' && state.ref.startsWith('/') && !state.ref.startsWith('//'))
        ref = state.ref;
    } catch {
      ref = '/';
    }
    navigate(`${ref}${search}`, { replace: true });
  }, [navigate]);
  return null;
}
