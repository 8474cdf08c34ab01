import { Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@selfcare/domain';
import type { ProductsView } from '@selfcare/domain/contracts/products';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { countryName } from './format.ts';
import '../texts.ts';

/** What calls and SMS to numbers abroad cost by destination, and a call with the IDD Saver. */
export function IddRates({ rates }: { rates: ProductsView['iddRates'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!rates.length) return null;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('products.rates.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('products.rates.note')}
      </Text>
      {/* Each destination stacks on a phone, its rates one under another (app.css .stack-table). */}
      <Table className="stack-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('products.rates.country')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('products.rates.call')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('products.rates.saver')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('products.rates.sms')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.map((r) => (
            <Table.Tr key={r.country}>
              <Table.Th scope="row" fw={400} data-label={t('products.rates.country')}>
                {countryName(r.country)}
              </Table.Th>
              <Table.Td className="num" data-label={t('products.rates.call')}>
                {formatMoney(r.centsPerMinute)}
              </Table.Td>
              <Table.Td className="num" data-label={t('products.rates.saver')}>
                {formatMoney(r.saverCentsPerMinute)}
              </Table.Td>
              <Table.Td className="num" data-label={t('products.rates.sms')}>
                {formatMoney(r.smsCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
