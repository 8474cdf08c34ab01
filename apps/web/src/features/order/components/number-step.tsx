import {
  Checkbox,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import type { Draft, Offer } from '@selfcare/domain/contracts/orders';
import { lineLabel, type NumberStepInput, NumberType, numberStepSchema } from '@selfcare/domain/order';
import { useQueryClient } from '@tanstack/react-query';
import { NumberPicker } from '../../../components/numbers/number-picker.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useNumbers } from '../api/numbers.ts';
import { useSaveStep } from '../api/save-step.ts';
import { StepForm } from './step-form.tsx';
import '../texts.ts';

type Line = NumberStepInput['lines'][number];

// A fieldset is at least as wide as its content unless told otherwise (miw 0): on a phone it would
// push the page sideways.
const LINE_CARD = { withBorder: true, p: 'md', radius: 'md', component: 'fieldset', miw: 0 } as const;

export function NumberStep({
  offer,
  draft,
  onBack,
  onDone,
}: {
  offer: Offer;
  draft: Draft;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStep('numbers', onDone);
  const client = useQueryClient();
  const count = draft.plan?.lines.length ?? 1;
  const saved = draft.numbers?.lines ?? [];
  const initial: Line[] = Array.from({ length: count }, (_, i) => {
    const s = saved[i];
    return s
      ? {
          numberType: s.numberType,
          msisdn: s.msisdn,
          donorNetwork: s.donorNetwork,
          confirmPostpaid: s.confirmPostpaid ?? false,
        }
      : { numberType: NumberType.New, msisdn: '', donorNetwork: null, confirmPostpaid: false };
  });
  const form = useZodForm(numberStepSchema, { lines: initial });
  // On a phone the two choices do not fit side by side: they stack.
  const narrow = useMatches({ base: true, xs: false });
  const lines = form.values.lines;
  const setLine = (i: number, patch: Partial<Line>) =>
    form.setField(
      'lines',
      lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );

  return (
    <StepForm
      onSubmit={form.submit(async (data) => {
        try {
          await save.mutateAsync(data);
        } catch (err) {
          // A number someone else took meanwhile drops out of the lists.
          await client.invalidateQueries({ queryKey: ['orders', 'numbers'] });
          throw err;
        }
      })}
      error={form.formError}
      onBack={onBack}
      saving={save.isPending}
    >
      {draft.reservation && (
        <Text>
          {t('order.heldUntil', {
            time: formatSg(draft.reservation.until, 'time'),
          })}
        </Text>
      )}
      {lines.map((line, i) => {
        const label = count > 1 ? lineLabel(i) : t('order.yourLine');
        const others = lines.filter((_, j) => j !== i).map((l) => l.msisdn);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line is its position (Me, Us 1, Us 2, ...)
          <Paper key={`number-${i}`} {...LINE_CARD} aria-label={label}>
            <Title order={3} size="h4" mb="sm">
              {label}
            </Title>
            <SegmentedControl
              aria-label={t('order.numberChoice', { line: label })}
              value={line.numberType}
              orientation={narrow ? 'vertical' : 'horizontal'}
              fullWidth={narrow}
              onChange={(v) => setLine(i, { numberType: v as Line['numberType'], msisdn: '' })}
              data={[
                { value: NumberType.New, label: t('order.newNumber') },
                { value: NumberType.PortIn, label: t('order.portIn') },
              ]}
              mb="md"
            />
            {line.numberType === NumberType.New ? (
              <NumberPicker
                name={`number-${i}`}
                value={line.msisdn}
                taken={others}
                error={form.errors[`lines.${i}.msisdn`]}
                onChange={(msisdn) => setLine(i, { msisdn })}
                useNumbers={useNumbers}
              />
            ) : (
              <Stack>
                <TextInput
                  label={t('order.portInNumber')}
                  description={t('order.portInHint')}
                  inputMode="tel"
                  value={line.msisdn}
                  error={form.errors[`lines.${i}.msisdn`]}
                  onChange={(e) => setLine(i, { msisdn: e.currentTarget.value })}
                  required
                />
                <Select
                  label={t('order.donor')}
                  data={offer.networks.map((n) => ({ value: String(n.id), label: n.name }))}
                  value={
                    line.donorNetwork === null || line.donorNetwork === undefined
                      ? null
                      : String(line.donorNetwork)
                  }
                  onChange={(v) => setLine(i, { donorNetwork: v === null ? null : Number(v) })}
                  error={form.errors[`lines.${i}.donorNetwork`]}
                  required
                />
                <Checkbox
                  label={t('order.confirmPostpaid')}
                  checked={line.confirmPostpaid === true}
                  onChange={(e) => setLine(i, { confirmPostpaid: e.currentTarget.checked })}
                  error={form.errors[`lines.${i}.confirmPostpaid`]}
                />
              </Stack>
            )}
          </Paper>
        );
      })}
    </StepForm>
  );
}
