import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AvailabilityEditor } from '../../availability';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { isShownByFields } from '../../../lib/api-error';
import { isProviderUser } from '../../../lib/roles';
import { FormSection } from '../components/form-section';
import { LocationField } from '../components/location-field';
import { PhotoField } from '../components/photo-field';
import {
  AddressSection,
  IDENTITY_LOCKED_NOTE,
  IdentitySection,
  PersonalSection,
  PreferencesSection,
  RatesSection,
} from '../components/profile-sections';
import type { Profile } from '../profile-api';
import {
  buildProfileFormData,
  isDocumentLocked,
  lockedIdentityFields,
  profileFieldErrors,
  TEXT_FIELDS,
  toProfileValues,
  validateProfileDates,
  validateRates,
  type ProfileErrors,
  type ProfileValues,
} from '../profile-form';
import { fetchProfile, selectProfile, updateProfile } from '../profile-slice';
import { useFreshProfile } from '../use-fresh-profile';

type Result = { type: 'success' | 'error'; message: string } | null;

/** The fields that show the server's refusal under themselves (the photo under Photo). */
const FIELDS_WITH_ERRORS: readonly string[] = [...TEXT_FIELDS, 'image'];

function ProfileSkeleton() {
  return (
    <Stack aria-label="Loading your profile" role="status">
      <Skeleton h={120} radius="lg" />
      <Skeleton h={260} radius="lg" />
      <Skeleton h={200} radius="lg" />
    </Stack>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const dispatch = useAppDispatch();
  const [isSaving, setSaving] = useState(false);
  const [values, setValues] = useState<ProfileValues>(() => toProfileValues(profile));
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Result>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [rateErrors, setRateErrors] = useState<Record<string, string>>({});
  const [photoRefusal, setPhotoRefusal] = useState<string | null>(null);
  const isProvider = isProviderUser(profile);
  // The API refuses a changed name, birth date or document once KYC passed (409).
  const lockedFields = lockedIdentityFields(profile);
  // A refused save moves focus to the first field it names (once its error is shown).
  const refused = useFocusFirstInvalid();

  const onChange = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
    if (key === 'rates') setRateErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    setResult(null);
    const dateErrors = validateProfileDates(values);
    const invalidRates = isProvider ? validateRates(values) : {};
    setErrors(dateErrors);
    setRateErrors(invalidRates);
    const wrong = [
      Object.keys(dateErrors).length > 0 && 'dates',
      Object.keys(invalidRates).length > 0 && 'rates',
    ].filter(Boolean);
    if (wrong.length > 0) {
      setResult({
        type: 'error',
        message: `Please correct the highlighted ${wrong.join(' and ')}.`,
      });
      refused(formElement);
      return;
    }
    const form = buildProfileFormData(values, {
      isProvider,
      image,
      previous: toProfileValues(profile),
    });
    if (image) setProgress(0);
    setSaving(true);
    const outcome = await updateProfile(dispatch, form, image ? setProgress : undefined);
    setSaving(false);
    setProgress(null);
    setResult({
      type: outcome.ok ? 'success' : 'error',
      message: isShownByFields(outcome.fieldErrors, FIELDS_WITH_ERRORS)
        ? 'Please correct the highlighted fields.'
        : outcome.message,
    });
    if (outcome.ok) setImage(null);
    setPhotoRefusal(outcome.fieldErrors.image ?? null);
    if (!outcome.ok && Object.keys(outcome.fieldErrors).length > 0) {
      setErrors(profileFieldErrors(outcome.fieldErrors));
      refused(formElement);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Your profile">
      <Stack gap="lg">
        <FormSection id="profile-photo" title="Photo">
          <PhotoField
            name={`${profile.firstName} ${profile.lastName}`}
            currentPath={profile.image}
            file={image}
            onFile={(file) => {
              setImage(file);
              setPhotoRefusal(null);
            }}
            progress={progress}
            refusal={photoRefusal}
          />
        </FormSection>
        <FormSection id="profile-personal" title="About you">
          <PersonalSection
            values={values}
            onChange={onChange}
            errors={errors}
            isProvider={isProvider}
            lockedFields={lockedFields}
          />
        </FormSection>
        <FormSection id="profile-address" title="Address">
          <AddressSection values={values} onChange={onChange} errors={errors} />
        </FormSection>
        <FormSection
          id="profile-location"
          title="Location on the map"
          description="Used to list the nearest sitters first. Others only ever see it rounded to about 1 km."
        >
          <LocationField value={values.coordinates} onChange={(c) => onChange('coordinates', c)} />
        </FormSection>
        <FormSection
          id="profile-identity"
          title="Identity document"
          description={
            isDocumentLocked(lockedFields)
              ? IDENTITY_LOCKED_NOTE
              : 'The document you verify your identity with.'
          }
        >
          <IdentitySection
            values={values}
            onChange={onChange}
            errors={errors}
            lockedFields={lockedFields}
          />
        </FormSection>
        <FormSection id="profile-preferences" title="Services and preferences">
          <PreferencesSection values={values} onChange={onChange} />
        </FormSection>
        {isProvider && (
          <FormSection
            id="profile-rates"
            title="Your rates"
            description="What owners pay per service; booking prices are computed from these."
          >
            <RatesSection values={values} onChange={onChange} errors={rateErrors} />
          </FormSection>
        )}
        {result && (
          <Alert
            color={result.type === 'success' ? 'pawsy' : 'red'}
            role={result.type === 'success' ? 'status' : 'alert'}
          >
            {result.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={isSaving}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ProfileScreen() {
  usePageTitle('Your profile');
  const dispatch = useAppDispatch();
  const data = useAppSelector(selectProfile);
  const { error, loading } = useAppSelector((state) => state.profile);
  // The form starts from this visit's fetch, not from a copy persisted earlier in the tab.
  const isFetched = useFreshProfile();

  return (
    <Container size="md" py={{ base: 32, sm: 48 }}>
      <Title order={1}>Your profile</Title>
      <Text c="dark.4" mt={4} mb="xl">
        What owners and sitters see about you, and how Pawsy reaches you.
      </Text>
      {!isFetched && <ProfileSkeleton />}
      {isFetched && error && (
        <Alert color="red" role="alert" title="Your profile could not be loaded" mb="lg">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {error}
              {data ? ' What is shown below was loaded earlier in this visit.' : ''}
            </Text>
            <Button
              size="xs"
              variant="white"
              onClick={() => void fetchProfile(dispatch)}
              loading={loading}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {isFetched && data && <ProfileForm key={data.id} profile={data} />}
      {isFetched && data && isProviderUser(data) && (
        <Stack mt="xl">
          <AvailabilityEditor services={data.primary_services} />
        </Stack>
      )}
    </Container>
  );
}
