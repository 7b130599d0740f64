import {
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { ChangeEvent } from 'react';
import { DOCUMENT_TYPE_OPTIONS, PET_PREFERENCE_OPTIONS } from '../../../config/pet-types';
import { suggestedRatesFor } from '@pawsy/contract';
import { formatCents } from '../../../lib/money';
import { normalizeService, serviceLabel, serviceUnit } from '../../../config/service-labels';
import { SERVICE_OPTIONS } from '../../../config/services';
import type { ProfileErrors, ProfileValues, TextField } from '../profile-form';

export type SectionProps = {
  values: ProfileValues;
  onChange: <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => void;
  errors?: ProfileErrors;
};

function useText({ values, onChange, errors }: SectionProps) {
  return (field: TextField) => ({
    value: values[field],
    error: errors?.[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(field, event.currentTarget.value),
  });
}

/** Shown under the identity fields once an ID check has confirmed them (the API keeps them). */
export const IDENTITY_LOCKED_NOTE =
  'Checked with your ID, so it can no longer be changed here. Contact support to correct it.';

/** Read-only with the note when an ID check confirmed the field (`lockedFields`). */
const lockOf = (lockedFields: ReadonlySet<TextField>) => (field: TextField) =>
  lockedFields.has(field) ? { readOnly: true, description: IDENTITY_LOCKED_NOTE } : {};

/**
 * `isProvider`: the headline is shown on sitter cards only, so only sitters are asked for one.
 * `lockedFields`: the name and date of birth an ID check confirmed (KYC verified), if held.
 */
export function PersonalSection({
  isProvider,
  lockedFields = new Set(),
  ...props
}: SectionProps & { isProvider: boolean; lockedFields?: ReadonlySet<TextField> }) {
  const text = useText(props);
  const locked = lockOf(lockedFields);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          autoComplete="given-name"
          required
          {...text('firstName')}
          {...locked('firstName')}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          required
          {...text('lastName')}
          {...locked('lastName')}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...text('phone')} />
        <TextInput label="Emergency phone" type="tel" {...text('emergency_phone')} />
        <TextInput
          label="Date of birth"
          type="date"
          autoComplete="bday"
          {...text('dob')}
          {...locked('dob')}
        />
      </SimpleGrid>
      {isProvider && (
        <TextInput
          label="Headline"
          description="One line shown on your sitter card"
          maxLength={160}
          {...text('headline')}
        />
      )}
      <Textarea label="About you" rows={3} maxLength={2000} {...text('bio')} />
    </Stack>
  );
}

export function AddressSection(props: SectionProps) {
  const text = useText(props);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Street address" autoComplete="street-address" {...text('address')} />
      <TextInput label="City" autoComplete="address-level2" {...text('city')} />
      <TextInput label="State or region" autoComplete="address-level1" {...text('state')} />
      <TextInput label="ZIP or postal code" autoComplete="postal-code" {...text('zip')} />
      <TextInput label="Country" autoComplete="country-name" {...text('country')} />
      <TextInput
        label="Preferred location"
        description="Where you prefer the care to happen"
        {...text('preferred_location')}
      />
    </SimpleGrid>
  );
}

/** `lockedFields`: the document's fields a passed KYC review checked (its section says so). */
export function IdentitySection({
  lockedFields = new Set(),
  ...props
}: SectionProps & { lockedFields?: ReadonlySet<TextField> }) {
  const text = useText(props);
  const { values, onChange } = props;
  const isTypeLocked = lockedFields.has('document_type');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label="Document type"
        placeholder="Choose a document"
        data={DOCUMENT_TYPE_OPTIONS.map((d) => ({ value: d.value, label: d.label }))}
        value={values.document_type || null}
        onChange={(value) => onChange('document_type', value ?? '')}
        error={props.errors?.document_type}
        clearable={!isTypeLocked}
        readOnly={isTypeLocked}
      />
      <TextInput
        label="Date of issue"
        type="date"
        readOnly={lockedFields.has('date_of_issue')}
        {...text('date_of_issue')}
      />
      <TextInput
        label="Date of expiry"
        type="date"
        readOnly={lockedFields.has('date_of_expiry')}
        {...text('date_of_expiry')}
      />
    </SimpleGrid>
  );
}

/** Options plus whatever the profile already holds, so nothing stored is hidden. */
function withCurrent(options: { value: string; label: string }[], current: string[]) {
  const known = new Set(options.map((o) => o.value));
  return [
    ...options,
    ...current.filter((v) => !known.has(v)).map((v) => ({ value: v, label: serviceLabel(v) })),
  ];
}

export function PreferencesSection({ values, onChange }: SectionProps) {
  return (
    <Stack>
      <MultiSelect
        label="Services"
        description="The services you offer or look for"
        placeholder={values.primary_services.length ? undefined : 'Choose services'}
        data={withCurrent(
          SERVICE_OPTIONS.map((s) => ({ value: s.value, label: s.label })),
          values.primary_services,
        )}
        value={values.primary_services}
        onChange={(list) => onChange('primary_services', list)}
        clearable
      />
      <MultiSelect
        label="Pet preferences"
        placeholder={values.pet_prefrences.length ? undefined : 'Choose pets'}
        data={withCurrent(
          PET_PREFERENCE_OPTIONS.map((p) => ({ value: p, label: p })),
          values.pet_prefrences,
        )}
        value={values.pet_prefrences}
        onChange={(list) => onChange('pet_prefrences', list)}
        clearable
      />
      <Switch
        label="Email me about bookings, messages and account updates"
        checked={values.email_notification}
        onChange={(event) => onChange('email_notification', event.currentTarget.checked)}
      />
    </Stack>
  );
}

/** "Per night", and what owners are shown while the sitter sets no rate of their own. */
function rateHint(service: string): string {
  const suggested = suggestedRatesFor([service], {})[normalizeService(service)];
  const unit = serviceUnit(service);
  return suggested === undefined
    ? `Per ${unit}`
    : `Per ${unit}; left empty, owners see ${formatCents(suggested)}/${unit} suggested`;
}

/**
 * Providers price each service they offer, in dollars (stored as cents). A rate out of bounds is
 * refused on its field (validateRates), not changed behind the sitter's back.
 */
export function RatesSection({
  values,
  onChange,
  errors,
}: Omit<SectionProps, 'errors'> & { errors?: Record<string, string> }) {
  if (values.primary_services.length === 0) {
    return (
      <Text size="sm" c="dark.4">
        Choose the services you offer above, then set a rate for each.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {values.primary_services.map((service) => (
        <NumberInput
          key={service}
          label={`${serviceLabel(service)} rate (USD)`}
          description={rateHint(service)}
          prefix="$"
          clampBehavior="none"
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          value={values.rates[service] ?? ''}
          error={errors?.[service]}
          onChange={(value) => onChange('rates', { ...values.rates, [service]: String(value) })}
        />
      ))}
    </SimpleGrid>
  );
}
