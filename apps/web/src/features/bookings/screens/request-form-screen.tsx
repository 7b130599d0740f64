import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SERVICES, normalizeService, serviceLabel } from '@pawsy/contract';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { toFormErrors } from '../../../lib/use-zod-form';
import { draftCleared, draftSaved } from '../booking-slice';
import { RestoredDraftNotice } from '../components/restored-draft-notice';
import { BookingDatesFields } from '../components/booking-dates-fields';
import { PetsPicker } from '../components/pets-picker';
import { SitterPicker } from '../components/sitter-picker';
import { SeriesFields } from '../components/series-fields';
import { SeriesPreviewPanel } from '../components/series-preview-panel';
import { RecipientField } from '../components/recipient-field';
import { chosenSpecies, refusedPetMessage, useOwnerPets } from '../hooks/use-owner-pets';
import { useSeriesRequest, type SeriesCommon } from '../hooks/use-series-request';
import { useCurrentUser } from '../../auth';
import { useLoad } from '../../../lib/use-load';
import {
  defaultWindow,
  endFollowingStart,
  notesHint,
  searchPrefill,
  requestFormSchema,
  sharedFieldErrors,
  toDraft,
  type RequestFormValues,
} from '../lib/request-form-model';
import { useRequestFormValues } from '../hooks/use-request-form-values';
import { servicesWithRates, sittersApi, type SitterProfile } from '../../sitters';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

const USER_DETAILS_FAILED = 'Failed to load user details.';

type Frequency = 'once' | 'weekly';

export default function RequestFormScreen() {
  usePageTitle('Request a sitter');
  const [params] = useSearchParams();
  const providerId = params.get('providerId');
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const search = searchPrefill(params);
  const { values, update, isRestored, reset, handOff, address } = useRequestFormValues(params);
  // Until the owner picks times, they follow the service (one hour for a walk); restored: kept.
  const [isWindowChosen, setWindowChosen] = useState(isRestored);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [frequency, setFrequency] = useState<Frequency>('once');
  // "Repeat weekly" starts on the day the owner came with (a search's dates), as "Once" does.
  const series = useSeriesRequest(params.get('startDate')?.slice(0, 10));
  const isWeekly = Boolean(providerId) && frequency === 'weekly';

  const loadSitter = useCallback(async (): Promise<SitterProfile | null> => {
    if (!providerId) return null;
    try {
      return await sittersApi.get(providerId);
    } catch (error) {
      throw new Error(getErrorMessage(error, USER_DETAILS_FAILED));
    }
  }, [providerId]);
  const sitter = useLoad(providerId, loadSitter, USER_DETAILS_FAILED);
  const pets = useOwnerPets(user?.id ?? null);
  const species = useMemo(() => chosenSpecies(pets.data, values.pets), [pets.data, values.pets]);

  const serviceOptions = useMemo(() => {
    // Every service the sitter lists: one without their own rate is booked at the catalogue's
    // suggested rate (DESIGN), as the checkout's quote prices it.
    const offered = sitter.data
      ? servicesWithRates(sitter.data.primary_services, sitter.data.service_rates).map((s) =>
          normalizeService(s.service),
        )
      : SERVICES.map((s) => s.value);
    return [...new Set(offered)].map((value) => ({ value, label: serviceLabel(value) }));
  }, [sitter.data]);

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    const follows = key === 'service' && !isWindowChosen;
    const times = follows ? defaultWindow(String(value), search) : {};
    if (key === 'start' || key === 'end') setWindowChosen(true);
    update((current) => {
      // A moved start takes the end along (same length); the end alone stays free to change.
      const end =
        key === 'start'
          ? endFollowingStart(current.start, current.end, value as string | null)
          : current.end;
      return { ...current, end, ...times, [key]: value };
    });
    setErrors((current) => {
      const next = { ...current };
      delete next[key];
      if (follows) {
        delete next.start;
        delete next.end;
      }
      return next;
    });
    // The preview's price and conflicts depend on the service and pets, not on the notes.
    if (key !== 'notes') series.invalidate();
  };

  const startOver = () => {
    dispatch(draftCleared());
    reset();
    setWindowChosen(false);
    setErrors({});
    series.invalidate();
  };

  const seriesCommon = (): SeriesCommon => ({
    providerId: providerId ?? '',
    service: values.service.trim(),
    pets: values.pets,
    notes: values.notes,
  });

  const sendSeries = async () => {
    const created = await series.send(seriesCommon());
    if (!created) return;
    handOff();
    // The card share is paid on the gateway's checkout page, as for a one-off booking.
    if (created.checkoutUrl) {
      window.location.assign(created.checkoutUrl);
      return;
    }
    const visits = created.data.occurrences.filter((o) => !o.skipped).length;
    notifications.show({
      color: 'green',
      title: 'Weekly request sent',
      message: `${visits} visit${visits === 1 ? '' : 's'} requested. The sitter accepts or declines the whole series.`,
    });
    void navigate(paths.bookings);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = sitter.data ? refusedPetMessage(sitter.data, pets.data, values.pets) : null;
    if (isWeekly) {
      const shared = { ...sharedFieldErrors(values), ...(refused ? { pets: refused } : {}) };
      setErrors(shared);
      if (Object.keys(shared).length === 0) void series.runPreview(seriesCommon());
      else focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    const result = requestFormSchema.safeParse(values);
    if (!result.success || refused) {
      setErrors({
        ...(result.success ? {} : toFormErrors(result.error)),
        ...(refused ? { pets: refused } : {}),
      });
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    // Checkout's draft takes over from what was typed (Back to the form brings it again).
    handOff();
    dispatch(draftSaved(toDraft(values, address)));
    void navigate(paths.checkout);
  };

  if (!user) return null;
  const isOwner = (user.userType ?? 'user') === 'user';

  return (
    <Container size="sm" py="xl">
      <Title order={1}>Request a sitter</Title>
      <Text c="dimmed" mt={4}>
        Tell sitters what your pet needs. You will see the price before you confirm.
      </Text>
      {!isOwner ? (
        <Alert color="yellow" mt="lg" title="Only pet owners can request a sitter">
          Sign in with a pet owner account to book a sitter.
        </Alert>
      ) : (
        <>
          {isRestored && <RestoredDraftNotice onStartOver={startOver} />}
          <Paper withBorder radius="lg" p="lg" mt="lg">
            <form onSubmit={submit} noValidate aria-label="Booking request">
              <Stack gap="md">
                <RecipientField
                  sitter={providerId ? sitter : null}
                  mode={values.mode}
                  onModeChange={(mode) => set('mode', mode)}
                />
                <Select
                  label="Service"
                  placeholder="Choose a service"
                  data={serviceOptions}
                  value={values.service || null}
                  onChange={(service) => set('service', service ?? '')}
                  error={errors.service}
                  required
                  allowDeselect={false}
                />
                {values.mode === 'invite' && !providerId && (
                  <SitterPicker
                    service={values.service}
                    species={species}
                    value={values.inviteProviderIds}
                    onChange={(ids) => set('inviteProviderIds', ids)}
                    error={errors.inviteProviderIds}
                  />
                )}
                <PetsPicker
                  pets={pets}
                  sitter={providerId ? sitter.data : null}
                  value={values.pets}
                  onChange={(ids) => set('pets', ids)}
                  error={errors.pets}
                />
                {providerId && (
                  <Radio.Group
                    label="How often?"
                    value={frequency}
                    onChange={(v) => setFrequency(v as Frequency)}
                  >
                    <Group gap="md" mt="xs">
                      <Radio value="once" label="Once" />
                      <Radio value="weekly" label="Repeat weekly" />
                    </Group>
                  </Radio.Group>
                )}
                {isWeekly ? (
                  <SeriesFields
                    value={series.pattern}
                    onChange={series.setField}
                    errors={series.errors}
                  />
                ) : (
                  <BookingDatesFields
                    start={values.start}
                    end={values.end}
                    onStartChange={(start) => set('start', start)}
                    onEndChange={(end) => set('end', end)}
                    startError={errors.start}
                    endError={errors.end}
                  />
                )}
                <Textarea
                  label="Notes for the sitter"
                  description={notesHint(Boolean(providerId))}
                  value={values.notes}
                  onChange={(e) => set('notes', e.currentTarget.value)}
                  error={errors.notes}
                  maxLength={2000}
                  rows={3}
                />
                {isWeekly && series.error && !series.preview && (
                  <Alert color="red" role="alert">
                    {series.error}
                  </Alert>
                )}
                <Group justify="flex-end">
                  {isWeekly ? (
                    <Button type="submit" loading={series.isPreviewing}>
                      {series.preview ? 'Preview again' : 'Preview the visits'}
                    </Button>
                  ) : (
                    <Button type="submit">Continue to checkout</Button>
                  )}
                </Group>
              </Stack>
            </form>
          </Paper>
        </>
      )}
      {isOwner && isWeekly && series.preview && (
        <Stack mt="lg">
          <SeriesPreviewPanel
            preview={series.preview}
            skipConflicts={series.skipConflicts}
            onSkipChange={series.setSkipConflicts}
            credits={series.credits}
            isSending={series.isSending}
            error={series.error}
            onSend={() => void sendSeries()}
          />
        </Stack>
      )}
    </Container>
  );
}
