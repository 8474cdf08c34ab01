import { Button, Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import { SUSPENSION_REASON_LABELS } from '@selfcare/domain/line-services';
import { settings } from '../../../app/settings.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { lineName } from '../components/line-name.ts';
import { LineCard, ServicesPage } from '../components/services-page.tsx';
import '../texts.ts';

/** /manage/suspension: each live line's status; an active one can be suspended, a suspended one says who resumes it. */
export default function SuspensionPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const s = settings();
  return (
    <ServicesPage route={route} intro={t('services.suspension.intro')}>
      {(lines) =>
        lines.map((line) => (
          <LineCard key={line.lineId} line={line}>
            {line.suspension ? (
              <>
                <Text>
                  {t('services.suspension.since', {
                    date: formatSg(line.suspension.since, 'moment'),
                    reason: tm(SUSPENSION_REASON_LABELS[line.suspension.reason]),
                  })}
                </Text>
                <Text>
                  {t('services.suspension.contact', { email: s.supportEmail, phone: s.supportPhone })}
                </Text>
              </>
            ) : (
              <Button
                component={Link}
                to={pathFor('suspensionEdit', { id: line.lineId })}
                variant="outline"
                color="red"
                w="fit-content"
              >
                {t('services.suspension.suspend', { line: lineName(line) })}
              </Button>
            )}
          </LineCard>
        ))
      }
    </ServicesPage>
  );
}
