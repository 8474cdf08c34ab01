import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { TypeSim } from '@selfcare/domain';
import type { Draft, Offer } from '@selfcare/domain/contracts/orders';
import {
  lineLabel,
  type MyinfoRef,
  type PlanStepInput,
  planStepSchema,
  productAllowedOn,
} from '@selfcare/domain/order';
import { useTranslation } from '../../../lib/i18n.ts';
import { ownWords } from '../../../lib/own-words.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveStep } from '../api/save-step.ts';
import { CisCheck } from './cis-check.tsx';
import { allowance, Money } from './money.tsx';
import { StepForm } from './step-form.tsx';
import '../texts.ts';

const NEW_LINE = { planCode: '', addonCodes: [] as string[] };

export function PlanStep({
  offer,
  draft,
  myinfoRef,
  onDone,
}: {
  offer: Offer;
  draft: Draft;
  myinfoRef: MyinfoRef;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStep('plan', onDone);
  const form = useZodForm(
    planStepSchema,
    (draft.plan ?? { typeSim: TypeSim.Physical, lines: [NEW_LINE] }) as PlanStepInput,
  );
  const lines = form.values.lines;
  // The add-ons a plan takes (the catalog names the plans each is for); before a plan is chosen,
  // only those for every plan.
  const addonsFor = (planCode: string) => offer.addons.filter((a) => productAllowedOn(a.planCodes, planCode));
  const setLine = (i: number, line: (typeof lines)[number]) =>
    form.setField(
      'lines',
      lines.map((l, j) => (j === i ? line : l)),
    );

  return (
    <Stack>
      <CisCheck plans={offer.plans} myinfoRef={myinfoRef} />
      <StepForm
        onSubmit={form.submit((data) => save.mutateAsync(data))}
        error={form.formError ?? form.errors.lines ?? null}
        saving={save.isPending}
      >
        <div>
          <Text id="sim-type" fw={600} mb={4}>
            {t('order.simType')}
          </Text>
          <SegmentedControl
            aria-labelledby="sim-type"
            value={String(form.values.typeSim)}
            onChange={(v) => form.setField('typeSim', Number(v) as 0 | 1)}
            data={[
              { value: String(TypeSim.Physical), label: t('order.physical') },
              { value: String(TypeSim.ESim), label: t('order.esim') },
            ]}
          />
        </div>
        {lines.map((line, i) => (
          <Paper
            // biome-ignore lint/suspicious/noArrayIndexKey: a line is its position (Me, Us 1, Us 2, ...)
            key={`line-${i}`}
            withBorder
            p="md"
            radius="md"
            component="fieldset"
            aria-label={lineLabel(i)}
          >
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h4">
                {i === 0 ? t('order.meLine') : t('order.usLine', { n: i })}
              </Title>
              {i > 0 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('order.removeLine', { n: i })}
                  onClick={() =>
                    form.setField(
                      'lines',
                      lines.filter((_, j) => j !== i),
                    )
                  }
                >
                  ×
                </ActionIcon>
              )}
            </Group>
            <Radio.Group
              label={t('order.choosePlan')}
              value={line.planCode}
              onChange={(planCode) => {
                // Add-ons the new plan does not take are no longer chosen.
                const taken = new Set(addonsFor(planCode).map((a) => a.code));
                setLine(i, { planCode, addonCodes: line.addonCodes.filter((c) => taken.has(c)) });
              }}
              error={form.errors[`lines.${i}.planCode`]}
              required
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                {offer.plans.map((p) => (
                  <Radio.Card key={p.code} value={p.code} p="md" radius="md">
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <div>
                        <Text fw={700}>
                          {p.name} · <Money cents={p.monthlyCents} />
                          {t('order.perMonth')}
                        </Text>
                        <Text size="sm">
                          {allowance(p.dataGb, 'GB')} · {allowance(p.talkMinutes, 'min')} ·{' '}
                          {allowance(p.sms, 'SMS')}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {ownWords(p.description, p.descriptions)}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            <Checkbox.Group
              mt="md"
              label={t('order.addons')}
              value={line.addonCodes}
              onChange={(addonCodes) => setLine(i, { ...line, addonCodes })}
            >
              <Stack gap="xs" mt="xs">
                {addonsFor(line.planCode).map((a) => (
                  <Checkbox
                    key={a.code}
                    value={a.code}
                    label={
                      <>
                        {a.name} · <Money cents={a.monthlyCents} />
                        {t('order.perMonth')}
                      </>
                    }
                    description={ownWords(a.description, a.descriptions)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </Paper>
        ))}
        {lines.length < offer.maxLines && (
          <Button variant="outline" onClick={() => form.setField('lines', [...lines, NEW_LINE])}>
            {t('order.addLine')}
          </Button>
        )}
      </StepForm>
    </Stack>
  );
}
