import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { pathFor } from '@selfcare/domain';
import type { SavedCardView } from '@selfcare/domain/contracts/bills';
import { useEffect, useRef } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { ApiError } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { useCompleteCardChange, useStartCardChange } from '../api/change-card.ts';
import '../texts.ts';

/** The card bills are paid with, as the spec's Profile lists it, and the way to change it. */
export function SavedCard({ card }: { card: SavedCardView | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = useStartCardChange();
  const complete = useCompleteCardChange();
  const sessionId = params.get('session_id');
  const done = useRef(false);
  useEffect(() => {
    // Back from the gateway's card page: keep the card once, then drop the session from the address.
    if (!sessionId || params.get('card') !== 'changed' || done.current) return;
    done.current = true;
    complete.mutate(sessionId, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        navigate(pathFor('bills'), { replace: true });
      },
      // The gateway could not be asked: the address keeps the page's id, so a reload tries again.
      onError: (err) => {
        if (!(err instanceof ApiError) || err.status < 500) navigate(pathFor('bills'), { replace: true });
      },
    });
  }, [sessionId, params, complete, navigate]);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="card-title" id="saved-card">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h4" id="card-title">
            {t('bills.cardTitle')}
          </Title>
          {card ? (
            <Text size="sm">
              {t('bills.cardLine', {
                holder: card.holderName,
                brand: card.brand.toUpperCase(),
                funding: card.funding,
                last4: card.last4,
                expiry: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
              })}
            </Text>
          ) : (
            <Text size="sm">{t('bills.noCard')}</Text>
          )}
        </div>
        <Button
          variant="default"
          loading={start.isPending || complete.isPending}
          onClick={() => start.mutate()}
        >
          {card ? t('bills.changeCard') : t('bills.addCard')}
        </Button>
      </Group>
      {start.isError && <FormError message={start.error.message} />}
      {complete.isError && <FormError message={complete.error.message} />}
    </Paper>
  );
}
