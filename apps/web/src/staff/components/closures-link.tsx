import { Anchor } from '@mantine/core';
import type { StaffRole } from '@selfcare/domain';
import { StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { Link } from '../../lib/router.tsx';
import { staffPath } from '../staff-paths.ts';

/**
 * The console's link to the account closures, for the roles that may close an account (ADR 0030).
 * Loaded once a staff member is signed in, so that the role table stays out of the first page's
 * scripts, which the customer portal shares.
 */
export default function ClosuresLink({ role, current }: { role: StaffRole; current: boolean }) {
  if (!staffMay(role, StaffPermission.CloseAccounts)) return null;
  return (
    <Anchor component={Link} to={staffPath.accountDeletions} aria-current={current ? 'page' : undefined}>
      Account closures
    </Anchor>
  );
}
