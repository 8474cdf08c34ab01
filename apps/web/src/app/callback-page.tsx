import { callbackTarget } from '@selfcare/domain';
import { useEffect } from 'react';
import { useNavigate } from '../lib/router.tsx';

/**
 * Return from the national identity provider: `state` holds JSON with a `ref`. Only the pages that
 * start these round trips are returned to, with the original query string kept; anything else goes
 * home and the code goes nowhere.
 */
export default function CallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(callbackTarget(window.location.search, window.location.origin), { replace: true });
  }, [navigate]);
  return null;
}
