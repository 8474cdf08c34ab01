import { Button, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ESIM_FREE_INSTALLS, pathFor, type RouteDef } from '@selfcare/domain';
import type { EsimView } from '@selfcare/domain/contracts/lines';
import { LINE_STATUS_LABELS, FulfilmentMessages as M } from '@selfcare/domain/fulfilment';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { useLine } from '../api/get-line.ts';
import { useReissueEsim } from '../api/reissue-esim.ts';
import { LineNumber, LineStatus, phone } from './sim-management-page.tsx';
import '../texts.ts';

/** A code to copy or type by hand: monospaced, wrapping anywhere. */
const Mono = ({ children }: { children: string }) => (
  <Text component="code" ff="monospace" style={{ wordBreak: 'break-all' }}>
    {children}
  </Text>
);

const svgData = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function Esim({ id, msisdn, esim, active }: { id: string; msisdn: string; esim: EsimView; active: boolean }) {
  const { t } = useTranslation();
  const reissue = useReissueEsim(id);
  const p = esim.profile;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('lines.esimTitle')}
      </Title>
      {!p ? (
        <Text role="status">{t('lines.esimPending')}</Text>
      ) : (
        <Stack>
          <Text>{t('lines.esimScan')}</Text>
          <Image
            src={svgData(p.qrSvg)}
            alt={t('lines.esimQrAlt', { number: phone(msisdn) })}
            w={220}
            h={220}
          />
          <DetailsList
            rows={[
              [t('lines.activationCode'), <Mono key="code">{p.activationCode}</Mono>],
              [t('lines.smdp'), <Mono key="smdp">{p.smdpAddress}</Mono>],
              [t('lines.matchingId'), <Mono key="matching">{p.matchingId}</Mono>],
              [t('lines.device'), p.deviceEid ?? M.deviceNotFound],
              [
                t('lines.installsLeft'),
                `${esim.installsLeft} (${t('lines.installation', { issue: p.issue, total: ESIM_FREE_INSTALLS })})`,
              ],
            ]}
          />
        </Stack>
      )}
      <Stack mt="md" gap="xs">
        {reissue.isError && <FormError message={reissue.error.message} />}
        {esim.installsLeft > 0 ? (
          <>
            <Text size="sm" c="dimmed">
              {t('lines.reissueHelp', { left: esim.installsLeft })}
            </Text>
            <Group>
              <Button
                variant="outline"
                loading={reissue.isPending}
                // A line still being activated keeps its first profile: a new one is for a line in service.
                disabled={!p || !active}
                onClick={() => reissue.mutate(undefined, { onSuccess: (r) => notifySuccess(r.message) })}
              >
                {t('lines.reissue')}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm">{tm(M.esimLimit(ESIM_FREE_INSTALLS))}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** /manage/simManagement/{id}/detail: the line, and for an eSIM its QR code, activation code and device. */
export default function SimDetailPage(_: { route: RouteDef }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const line = useLine(id);
  if (line.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (line.isError) return <FormError message={line.error.message} />;
  const l = line.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('lines.detailsOf', { number: phone(l.msisdn) })}
        </Title>
        <LineStatus status={l.status} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('lines.details')}
          </Title>
          <DetailsList
            rows={[
              [t('lines.number'), <LineNumber key="number" line={l} />],
              [t('lines.plan'), l.planName],
              [t('lines.simType'), l.typeSim === 1 ? t('lines.esim') : t('lines.physical')],
              [t('lines.iccid'), l.iccid ?? '—'],
            ]}
          />
        </Paper>
        {l.esim && (
          <Esim id={l.id} msisdn={l.msisdn} esim={l.esim} active={l.status === LINE_STATUS_LABELS.active} />
        )}
      </SimpleGrid>
      <Text>
        <Link to={pathFor('simManagement')}>{t('lines.back')}</Link>
      </Text>
    </Stack>
  );
}
