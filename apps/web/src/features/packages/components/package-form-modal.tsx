import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { PACKAGE_NAME_MAX } from '@pawsy/contract';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid';
import {
  checkPackageForm,
  packageFieldErrors,
  packageFormValues,
  type PackageFormErrors,
  type PackageFormValues,
} from '../package-form';
import { PACKAGE_MESSAGES, type CreatePackageBody, type Package } from '../packages-api';
import { LabelledSegments } from '../../../components/ui/labelled-segments';

type Props = {
  /** The package being edited, or null to create one. */
  pkg: Package | null;
  onClose: () => void;
  /** Saves the package; rejects with the API's error when it is not saved. */
  onSubmit: (body: CreatePackageBody) => Promise<void>;
};

/** Create or edit a package (admins); prices are entered in dollars and sent in cents. */
export function PackageFormModal({ pkg, onClose, onSubmit }: Props) {
  const [values, setValues] = useState<PackageFormValues>(() => packageFormValues(pkg));
  const [errors, setErrors] = useState<PackageFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refused = useFocusFirstInvalid();
  const set = <K extends keyof PackageFormValues>(
    key: K,
    value: PackageFormValues[K],
    field?: keyof PackageFormErrors,
  ) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkPackageForm(values);
    setErrors(checked.errors ?? {});
    setError(null);
    if (!checked.body) return refused(form);
    setSaving(true);
    try {
      await onSubmit(checked.body);
    } catch (failure) {
      const fieldErrors = packageFieldErrors(failure);
      if (fieldErrors) {
        setErrors(fieldErrors);
        refused(form);
      } else {
        const fallback = pkg ? PACKAGE_MESSAGES.updateFailed : PACKAGE_MESSAGES.addFailed;
        setError(getErrorMessage(failure, fallback));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title={pkg ? `Edit package ${pkg.name}` : 'New package'}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert" title="Could not save the package">
              {error}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            maxLength={PACKAGE_NAME_MAX}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value, 'name')}
            error={errors.name}
          />
          <Textarea
            label="Description"
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value, 'description')}
            error={errors.description}
          />
          <NumberInput
            label="Price (USD)"
            required
            clampBehavior="none"
            decimalScale={2}
            value={values.price}
            onChange={(value) => set('price', value, 'price')}
            error={errors.price}
          />
          <LabelledSegments
            id="package-interval-label"
            label="Billed every"
            value={values.interval}
            onChange={(v) => set('interval', v)}
            data={[
              { value: 'month', label: 'Month' },
              { value: 'year', label: 'Year' },
            ]}
          />
          <NumberInput
            label="Booking credits included (USD)"
            required
            clampBehavior="none"
            decimalScale={2}
            value={values.creditsIncluded}
            onChange={(value) => set('creditsIncluded', value, 'credits')}
            error={errors.credits}
          />
          <Switch
            label="Active (offered to members)"
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {pkg ? 'Save changes' : 'Create package'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
