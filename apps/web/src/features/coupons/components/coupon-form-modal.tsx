import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Coupon, CreateCouponBody } from '../coupons-api';
import { discountError, initialValues, toBody, type Values } from './coupon-form-values';
import { LabelledSegments } from '../../../components/ui/labelled-segments';

type Props = {
  opened: boolean;
  /** The coupon being edited, or null to create one. */
  coupon: Coupon | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves to an error message to show, or null when saved. */
  onSubmit: (body: CreateCouponBody) => Promise<string | null>;
};

/** Create or edit a coupon; the server checks the rules and its message is shown here. */
export function CouponFormModal({ opened, coupon, saving, onClose, onSubmit }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(coupon));
  const [error, setError] = useState<string | null>(null);
  const [valueError, setValueError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.code.trim().length < 3) {
      setError('Enter a code of at least 3 characters');
      return;
    }
    const wrong = discountError(values);
    setValueError(wrong);
    if (wrong) return;
    setError(await onSubmit(toBody(values)));
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert" title="Could not save the coupon">
              {error}
            </Alert>
          )}
          <TextInput
            label="Code"
            description="Letters, digits, - and _; customers type it in any case"
            required
            value={values.code}
            onChange={(e) => set('code', e.currentTarget.value)}
          />
          <LabelledSegments
            id="coupon-kind-label"
            label="Discount type"
            value={values.kind}
            onChange={(v) => set('kind', v)}
            data={[
              { value: 'percent', label: 'Percent off' },
              { value: 'amount', label: 'Amount off' },
            ]}
          />
          <NumberInput
            label={values.kind === 'percent' ? 'Percent off' : 'Amount off (USD)'}
            required
            min={values.kind === 'percent' ? 1 : 0.01}
            max={values.kind === 'percent' ? 100 : undefined}
            // Out of range is said, not silently changed to the limit.
            clampBehavior="none"
            decimalScale={values.kind === 'percent' ? 0 : 2}
            value={values.value}
            error={valueError}
            onChange={(value) => {
              set('value', value);
              setValueError(null);
            }}
          />
          <Group grow>
            <TextInput
              type="date"
              label="Valid from"
              value={values.validFrom}
              onChange={(e) => set('validFrom', e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Valid until"
              value={values.validTo}
              onChange={(e) => set('validTo', e.currentTarget.value)}
            />
          </Group>
          <NumberInput
            label="Maximum redemptions"
            description="Leave empty for no limit"
            min={1}
            allowDecimal={false}
            value={values.maxRedemptions}
            onChange={(value) => set('maxRedemptions', value)}
          />
          <Switch
            label="Active"
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {coupon ? 'Save changes' : 'Create coupon'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
