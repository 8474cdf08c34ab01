import { Button, List, Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { lineName } from '../components/line-name.ts';
import { LineCard, ServicesPage } from '../components/services-page.tsx';
import '../texts.ts';

/** /manage/internationalCall: each line's international calls and SMS, barred or allowed each way. */
export default function InternationalCallPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const state = (barred: boolean) => t(barred ? 'services.barring.barred' : 'services.barring.allowed');
  return (
    <ServicesPage route={route} intro={t('services.barring.intro')}>
      {(lines) =>
        lines.map((line) => (
          <LineCard key={line.lineId} line={line}>
            <List listStyleType="none" spacing={4}>
              <List.Item>
                {t('services.barring.incoming')}: <strong>{state(line.barring.incomingInternational)}</strong>
              </List.Item>
              <List.Item>
                {t('services.barring.outgoing')}: <strong>{state(line.barring.outgoingInternational)}</strong>
              </List.Item>
            </List>
            {line.suspension ? (
              <Text size="sm">{t('services.barring.suspended')}</Text>
            ) : (
              <Button
                component={Link}
                to={pathFor('internationalCallEdit', { id: line.lineId })}
                variant="outline"
                w="fit-content"
              >
                {t('services.barring.change', { line: lineName(line) })}
              </Button>
            )}
          </LineCard>
        ))
      }
    </ServicesPage>
  );
}
