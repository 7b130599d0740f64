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
import { useState, type FormEvent } from 'react';
import type { CreatePackageBody, Package } from '../packages-api';
import { LabelledSegments } from '../../../components/ui/labelled-segments';

type Props = {
  /** The package being edited, or null to create one. */
  pkg: Package | null;
  onClose: () => void;
  /** Resolves to an error message to show, or null when saved. */
  onSubmit: (body: CreatePackageBody) => Promise<string | null>;
};

type Values = {
  name: string;
  description: string;
  price: number | string;
  interval: 'month' | 'year';
  creditsIncluded: number | string;
  active: boolean;
};

const initialValues = (pkg: Package | null): Values =>
  pkg
    ? {
        name: pkg.name,
        description: pkg.description,
        price: pkg.priceCents / 100,
        interval: pkg.interval,
        creditsIncluded: pkg.creditsIncluded / 100,
        active: pkg.active,
      }
    : {
        name: '',
        description: '',
        price: 15,
        interval: 'month',
        creditsIncluded: 20,
        active: true,
      };

/** Create or edit a package (admins); prices are entered in dollars and sent in cents. */
export function PackageFormModal({ pkg, onClose, onSubmit }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(pkg));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setError('Enter a name');
      return;
    }
    setSaving(true);
    const message = await onSubmit({
      name: values.name.trim(),
      description: values.description.trim(),
      priceCents: Math.round(Number(values.price) * 100),
      interval: values.interval,
      // Credits are cents on the ledger, like prices.
      creditsIncluded: Math.round(Number(values.creditsIncluded) * 100),
      active: values.active,
    });
    setSaving(false);
    setError(message);
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
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Textarea
            label="Description"
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <NumberInput
            label="Price (USD)"
            required
            min={0.5}
            decimalScale={2}
            value={values.price}
            onChange={(value) => set('price', value)}
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
            min={0}
            decimalScale={2}
            value={values.creditsIncluded}
            onChange={(value) => set('creditsIncluded', value)}
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
