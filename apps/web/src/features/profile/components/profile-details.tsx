import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IdentificationType } from '@selfcare/domain';
import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { settings } from '../../../app/settings.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import '../texts.ts';
import { formatSgDay } from '../../../lib/sg-date.ts';

type Row = { key: string; label: string; value: string | null };

/** The identity the order gave: read only, each field MyInfo verified marked so. */
export function ProfileDetails({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const s = settings();
  const day = (v: string | null) => (v ? formatSgDay(v) : null);
  const rows: Row[] = [
    { key: 'fullName', label: t('profile.details.fullName'), value: profile.fullName },
    { key: 'givenName', label: t('profile.details.givenName'), value: profile.givenName },
    { key: 'familyName', label: t('profile.details.familyName'), value: profile.familyName || null },
    { key: 'dateOfBirth', label: t('profile.details.dateOfBirth'), value: day(profile.dateOfBirth) },
    {
      key: 'idType',
      label: t('profile.details.idType'),
      value: profile.idType === null ? null : profile.idType === IdentificationType.FIN ? 'FIN' : 'NRIC',
    },
    { key: 'idNumber', label: t('profile.details.idNumber'), value: profile.idNumberMasked },
    { key: 'idIssueDate', label: t('profile.details.idIssueDate'), value: day(profile.idIssueDate) },
    { key: 'idExpiryDate', label: t('profile.details.idExpiryDate'), value: day(profile.idExpiryDate) },
    { key: 'passType', label: t('profile.details.passType'), value: profile.passType },
    { key: 'passStatus', label: t('profile.details.passStatus'), value: profile.passStatus },
    { key: 'passExpiry', label: t('profile.details.passExpiry'), value: day(profile.passExpiry) },
    { key: 'email', label: t('profile.details.email'), value: profile.email },
  ];
  const verified = new Set(profile.verified);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="details-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="details-title">
          {t('profile.details.title')}
        </Title>
        <Text size="sm">
          {profile.fromOrder
            ? t('profile.details.locked', { email: s.supportEmail, phone: s.supportPhone })
            : t('profile.details.noOrder')}
        </Text>
        <Table>
          <Table.Tbody>
            {rows
              .filter((r) => r.value)
              .map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Th scope="row" w="40%">
                    {r.label}
                  </Table.Th>
                  <Table.Td>
                    <Group gap="xs">
                      <Text span>{r.value}</Text>
                      {verified.has(r.key) && (
                        <Badge color="teal.9" variant="light" tt="none">
                          {t('profile.details.verified')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
