import { Alert, Button, Paper, SegmentedControl, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IdentificationType, PROFILE_TITLES } from '@selfcare/domain';
import type { Draft } from '@selfcare/domain/contracts/orders';
import {
  type AccountStepInput,
  accountStepSchemaOn,
  familyNameOptional,
  type MyinfoPrefill,
  type MyinfoRef,
  myinfoLockedValues,
  myinfoVerifiesIdentity,
  PASS_STATUSES,
  PASS_TYPES,
} from '@selfcare/domain/order';
import { useMemo, useState } from 'react';
import { MarketingConsents } from '../../../components/ui/marketing-consents.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { sgToday } from '../../../lib/sg-today.ts';
import { choiceOf, type FormValues, type TextField, useZodForm } from '../../../lib/use-zod-form.ts';
import { goToMyinfo } from '../api/myinfo.ts';
import { useSaveStep } from '../api/save-step.ts';
import { DocumentInput, useIdDocuments } from './document-input.tsx';
import { RegisteredIdAlert } from './registered-id-alert.tsx';
import { StepForm } from './step-form.tsx';
import '../texts.ts';

const NO = { email: false, sms: false, push: false };
const ID_TYPES = [IdentificationType.NRIC, IdentificationType.FIN] as const;
const EMPTY: FormValues<AccountStepInput> = {
  salutation: undefined,
  givenName: '',
  familyName: '',
  fullName: '',
  dateOfBirth: '',
  contactNumber: '',
  idType: IdentificationType.NRIC,
  idNumber: '',
  idIssueDate: '',
  idExpiryDate: null,
  passType: null,
  passStatus: null,
  passExpiry: null,
  employer: '',
  marketing: { provider: NO, thirdParty: NO },
  documents: { front: null, back: null },
};

/**
 * Step 3. 'Retrieve with Myinfo' fills it from MyInfo; what MyInfo verified is shown read-only (the
 * server keeps MyInfo's values anyway) and a verified identity needs no copy of the ID. An ID number
 * MyInfo gave that already has an account is said at the top, with the way on. Every problem shows
 * at once, the date rules' included; the ID sides show what will be sent, earlier uploads too.
 */
export function AccountStep({
  draft,
  myinfoRef,
  onBack,
  onDone,
}: {
  draft: Draft;
  /** Where MyInfo brings the customer back to: this wizard's path. */
  myinfoRef: MyinfoRef;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStep('account', onDone);
  const myinfo = draft.myinfo;
  // The draft keeps step 3 and MyInfo's values as the step's schema read them; its contract says only
  // strings and numbers.
  const prefill = myinfo as MyinfoPrefill | null;
  const locked = new Set<string>(myinfo?.locked ?? []);
  const identityVerified = myinfoVerifiesIdentity(myinfo?.locked);
  // Today in Singapore, for the age and date rules; the API checks them again with its own clock.
  const schema = useMemo(() => accountStepSchemaOn(sgToday()), []);
  const form = useZodForm(schema, {
    ...EMPTY,
    ...prefill?.account,
    ...((draft.account ?? {}) as Partial<AccountStepInput>),
    ...myinfoLockedValues(prefill),
    // The sides the draft still has files for: what the fields show is what is sent.
    documents: identityVerified
      ? null
      : { front: draft.documents?.front?.id ?? null, back: draft.documents?.back?.id ?? null },
  });
  const [myinfoError, setMyinfoError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const retrieve = () => {
    setLeaving(true);
    setMyinfoError(null);
    goToMyinfo(myinfoRef).catch((err: Error) => {
      setMyinfoError(err.message);
      setLeaving(false);
    });
  };
  const v = form.values;
  const fin = v.idType === IdentificationType.FIN;
  const lockedHint = (key: string) => (locked.has(key) ? t('order.myinfo.verified') : undefined);
  const text = (key: TextField<FormValues<AccountStepInput>>) => ({
    ...form.fieldProps(key),
    readOnly: locked.has(key),
  });
  const documents = useIdDocuments(identityVerified ? null : draft.documents, (ids) =>
    form.setField('documents', ids),
  );
  const missingSide = (side: 'front' | 'back') => (v.documents?.[side] ? undefined : form.errors.documents);
  // MyInfo gives the name only as on the ID; the customer says which part is the family name.
  const namesByHand = !!myinfo?.account.fullName && !myinfo.account.givenName;

  return (
    <StepForm
      onSubmit={form.submit((data) => save.mutateAsync(data))}
      error={form.formError}
      onBack={onBack}
      saving={save.isPending || documents.uploading}
    >
      {myinfo?.idNumberRegistered ? (
        <RegisteredIdAlert />
      ) : myinfo ? (
        <Alert color="green">
          {t('order.myinfo.retrieved')}
          {namesByHand && ` ${t('order.myinfo.namesByHand')}`}
        </Alert>
      ) : (
        <Paper withBorder p="md">
          <Text mb="sm">{t('order.myinfo.intro')}</Text>
          <Button type="button" color="red" onClick={retrieve} loading={leaving}>
            {t('order.myinfo.retrieve')}
          </Button>
          {myinfoError && (
            <Text c="red.9" mt="sm" role="alert">
              {myinfoError}
            </Text>
          )}
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('order.salutation')}
          data={[...PROFILE_TITLES]}
          value={v.salutation || null}
          onChange={(s) => form.setField('salutation', choiceOf(PROFILE_TITLES, s))}
          error={form.errors.salutation}
          required
        />
        <TextInput label={t('order.givenName')} autoComplete="given-name" required {...text('givenName')} />
        <TextInput
          label={t('order.familyName')}
          description={t('order.familyNameHint')}
          autoComplete="family-name"
          required={!familyNameOptional(v.givenName, v.fullName)}
          {...text('familyName')}
        />
      </SimpleGrid>
      <TextInput
        label={t('order.fullName')}
        description={lockedHint('fullName') ?? t('order.fullNameHint')}
        autoComplete="name"
        required
        {...text('fullName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label={t('order.dateOfBirth')}
          description={lockedHint('dateOfBirth')}
          autoComplete="bday"
          required
          {...text('dateOfBirth')}
        />
        <TextInput
          label={t('order.contactNumber')}
          inputMode="tel"
          autoComplete="tel-national"
          required
          {...text('contactNumber')}
        />
      </SimpleGrid>
      <div>
        <Text id="id-type" fw={600} mb={4}>
          {t('order.idType')}
        </Text>
        <SegmentedControl
          aria-labelledby="id-type"
          readOnly={locked.has('idType')}
          value={String(v.idType)}
          onChange={(s) => form.setField('idType', choiceOf(ID_TYPES, s))}
          data={[
            { value: String(IdentificationType.NRIC), label: 'NRIC' },
            { value: String(IdentificationType.FIN), label: 'FIN' },
          ]}
        />
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('order.idNumber')}
          description={lockedHint('idNumber')}
          autoComplete="off"
          required
          {...text('idNumber')}
        />
        <TextInput type="date" label={t('order.idIssueDate')} required {...text('idIssueDate')} />
        <TextInput type="date" label={t('order.idExpiryDate')} {...text('idExpiryDate')} />
      </SimpleGrid>
      {fin && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('order.passType')}
            data={[...PASS_TYPES]}
            value={v.passType ?? null}
            readOnly={locked.has('passType')}
            description={lockedHint('passType')}
            onChange={(s) => form.setField('passType', choiceOf(PASS_TYPES, s) ?? null)}
            error={form.errors.passType}
            required
          />
          <Select
            label={t('order.passStatus')}
            data={[...PASS_STATUSES]}
            value={v.passStatus ?? null}
            readOnly={locked.has('passStatus')}
            description={lockedHint('passStatus')}
            onChange={(s) => form.setField('passStatus', choiceOf(PASS_STATUSES, s) ?? null)}
            error={form.errors.passStatus}
            required
          />
          <TextInput
            type="date"
            label={t('order.passExpiry')}
            description={lockedHint('passExpiry')}
            required
            {...text('passExpiry')}
          />
        </SimpleGrid>
      )}
      <TextInput label={t('order.employer')} autoComplete="organization" {...text('employer')} />
      {identityVerified ? (
        <Text>{t('order.myinfo.noDocuments')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DocumentInput error={missingSide('front')} {...documents.inputProps('front')} />
          <DocumentInput error={missingSide('back')} {...documents.inputProps('back')} />
        </SimpleGrid>
      )}
      <MarketingConsents
        value={v.marketing}
        onChange={(next) => form.setField('marketing', next)}
        labels={{
          provider: t('order.marketing.provider'),
          thirdParty: t('order.marketing.thirdParty'),
          email: t('order.marketing.email'),
          sms: t('order.marketing.sms'),
          push: t('order.marketing.push'),
        }}
      />
    </StepForm>
  );
}
