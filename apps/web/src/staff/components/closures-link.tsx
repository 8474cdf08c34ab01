import { Anchor } from '@mantine/core';
import type { StaffRole } from '@selfcare/domain';
import { StaffPermission, staffMay } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from '../../lib/router.tsx';
import '../texts.ts';

/**
 * The console's link to the account closures, for the roles that may close an account (ADR 0030).
 * Loaded once a staff member is signed in, so that the role table stays out of the first page's
 * scripts, which the customer portal shares.
 */
export default function ClosuresLink({ role, current }: { role: StaffRole; current: boolean }) {
  const { t } = useTranslation();
  if (!staffMay(role, StaffPermission.CloseAccounts)) return null;
  return (
    <Anchor
      component={Link}
      to={staffPathFor('staffAccountDeletions')}
      aria-current={current ? 'page' : undefined}
    >
      {t('staff.console.closures')}
    </Anchor>
  );
}
