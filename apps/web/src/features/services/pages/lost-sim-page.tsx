import { Alert, Button, Group, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney, formatSgMobile, type RouteDef, TypeSim } from '@selfcare/domain';
import type { LostSimView, SimReplacement } from '@selfcare/domain/contracts/line-services';
import { DELIVERY_METHOD_LABELS } from '@selfcare/domain/fulfilment';
import { isOpenReplacement } from '@selfcare/domain/line-services';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { notifySuccess } from '../../../components/ui/notify.ts';
import { ProgressTimeline } from '../../../components/ui/progress-timeline.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { useFocusAfter } from '../../../lib/use-focus-after.ts';
import { useLostSims, useReportLostSim } from '../api/lost-sims.ts';
import { ChooseLinePage } from '../components/choose-line-page.tsx';
import { lineName } from '../components/line-name.ts';
import { useNetworkSlow } from '../components/use-network-slow.ts';
import '../texts.ts';

type Line = LostSimView['lines'][number];
/** How long a block may wait for the network before the page says it is not answering. */

const svgData = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
const Mono = ({ children }: { children: string }) => (
  <Text component="code" ff="monospace" style={{ wordBreak: 'break-all' }}>
    {children}
  </Text>
);

/** What confirming does to the line, what it costs, and the button that does it. */
function ReportLost({ line, onReported }: { line: Line; onReported: () => void }) {
  const { t } = useTranslation();
  const reportLost = useReportLostSim();
  const esim = line.typeSim === TypeSim.ESim;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('services.lostSim.whatHappens')}
      </Title>
      <List spacing="xs">
        <List.Item>{t('services.lostSim.block')}</List.Item>
        {esim ? (
          <List.Item>{t('services.lostSim.esimNew')}</List.Item>
        ) : (
          <>
            <List.Item>
              {line.deliveryAddress
                ? t('services.lostSim.sendTo', { address: line.deliveryAddress })
                : t('services.lostSim.sendNoAddress')}
            </List.Item>
            <List.Item>{t('services.lostSim.swap')}</List.Item>
          </>
        )}
      </List>
      <Text fw={600}>
        {line.feeCents > 0
          ? t('services.lostSim.fee', { fee: formatMoney(line.feeCents) })
          : t('services.lostSim.esimFree')}
      </Text>
      {reportLost.error && <FormError message={reportLost.error.message} />}
      <Group>
        <Button
          color="red"
          loading={reportLost.isPending}
          onClick={() =>
            reportLost.mutate(
              { lineId: line.lineId },
              {
                onSuccess: (res) => {
                  onReported();
                  notifySuccess(res.message);
                },
              },
            )
          }
        >
          {t('services.lostSim.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Where the replacement stands now, in a sentence. */
function StatusNow({ r }: { r: SimReplacement }) {
  const { t } = useTranslation();
  const waiting = r.state !== 'cancelled' && r.state !== 'completed' && !r.blockedAt;
  const slow = useNetworkSlow(waiting ? r.reportedAt : null);
  if (r.state === 'cancelled') return <Text>{t('services.lostSim.cancelled')}</Text>;
  if (r.state === 'completed' && r.completedAt)
    return (
      <Alert color="green" variant="light">
        {t('services.lostSim.done', { at: formatSg(r.completedAt, 'moment') })}
      </Alert>
    );
  if (!r.blockedAt) {
    return (
      <Alert color={slow ? 'orange' : 'blue'} variant="light">
        {t(slow ? 'services.lostSim.blockingLong' : 'services.lostSim.blocking')}
      </Alert>
    );
  }
  const next =
    r.typeSim === TypeSim.ESim
      ? t('services.lostSim.esimPreparing')
      : r.state === 'sent'
        ? t('services.lostSim.sent', {
            method: tm(DELIVERY_METHOD_LABELS[r.deliveryMethod ?? -1] ?? ''),
            code: r.trackingCode ?? '',
          })
        : r.state === 'delivered'
          ? t('services.lostSim.delivered')
          : r.state === 'activating'
            ? t('services.lostSim.activating')
            : r.deliveryAddress
              ? `${t('services.lostSim.preparing')} ${t('services.lostSim.sendTo', { address: r.deliveryAddress })}`
              : t('services.lostSim.preparing');
  return (
    <Alert color="blue" variant="light">
      {t('services.lostSim.blocked')} {next}
    </Alert>
  );
}

/** Each step the replacement has taken, with when. */
function Progress({ r }: { r: SimReplacement }) {
  const { t } = useTranslation();
  const steps = [
    { at: r.reportedAt, text: t('services.lostSim.stepReported') },
    r.blockedAt && { at: r.blockedAt, text: t('services.lostSim.stepBlocked') },
    r.sentAt && { at: r.sentAt, text: t('services.lostSim.stepSent') },
    r.deliveredAt && { at: r.deliveredAt, text: t('services.lostSim.stepDelivered') },
    r.completedAt && { at: r.completedAt, text: t('services.lostSim.stepActive') },
  ].filter((s): s is { at: string; text: string } => Boolean(s));
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('services.lostSim.progress')}
      </Title>
      <ProgressTimeline steps={steps} />
    </Stack>
  );
}

/** An eSIM line's new profile: its QR code and the code to type by hand. */
function NewEsim({ esim, msisdn }: { esim: NonNullable<SimReplacement['esim']>; msisdn: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="new-esim">
      <Stack gap="sm">
        <Title order={3} size="h5" id="new-esim">
          {t('services.lostSim.newEsim')}
        </Title>
        <Text>{t('services.lostSim.esimScan')}</Text>
        <Image
          src={svgData(esim.qrSvg)}
          alt={t('services.lostSim.qrAlt', { number: `+65 ${formatSgMobile(msisdn)}` })}
          w={220}
          h={220}
        />
        <DetailsList
          rows={[
            [t('services.lostSim.activationCode'), <Mono key="code">{esim.activationCode}</Mono>],
            [t('services.lostSim.smdp'), <Mono key="smdp">{esim.smdpAddress}</Mono>],
            [t('services.lostSim.matchingId'), <Mono key="matching">{esim.matchingId}</Mono>],
          ]}
        />
      </Stack>
    </Paper>
  );
}

function LineSection({ line }: { line: Line }) {
  const { t } = useTranslation();
  const r = line.replacement;
  const open = r !== null && isOpenReplacement(r.state);
  // Reported: the button goes, the replacement's progress comes; the line's heading keeps the place.
  const focus = useFocusAfter<HTMLHeadingElement>(r?.id ?? null);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`line-${line.lineId}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`line-${line.lineId}`} ref={focus.target} tabIndex={-1}>
          {lineName(line)}
        </Title>
        {r && (
          <>
            <div role="status">
              <StatusNow r={r} />
            </div>
            {r.iccid && <DetailsList rows={[[t('services.lostSim.newSim'), r.iccid]]} />}
            {r.esim && <NewEsim esim={r.esim} msisdn={line.msisdn} />}
            <Progress r={r} />
          </>
        )}
        {!open &&
          (line.refusal ? <Text>{line.refusal}</Text> : <ReportLost line={line} onReported={focus.acted} />)}
      </Stack>
    </Paper>
  );
}

/** /manage/lostSim: block a lost SIM at once and get a replacement SIM (or a new eSIM), then follow it. */
export default function LostSimPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <ChooseLinePage
      route={route}
      read={useLostSims()}
      intro={() => t('services.lostSim.intro')}
      which={t('services.lostSim.which')}
    >
      {(line) => <LineSection key={line.lineId} line={line} />}
    </ChooseLinePage>
  );
}
