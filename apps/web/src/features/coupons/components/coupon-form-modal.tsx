import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Coupon, CreateCouponBody } from '../coupons-api';
import type { CouponSaveFailure } from '../coupons-slice';
import {
  endsInThePast,
  formErrors,
  initialValues,
  toBody,
  type FieldErrors,
  type Values,
} from './coupon-form-values';
import { LabelledSegments } from '../../../components/ui/labelled-segments';

type Props = {
  opened: boolean;
  /** The coupon being edited, or null to create one. */
  coupon: Coupon | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves to what was wrong, or null when saved. */
  onSubmit: (body: CreateCouponBody) => Promise<CouponSaveFailure | null>;
};

/** The fields that show their own error; any other problem goes to the form's banner. */
const FIELDS = ['code', 'value', 'validFrom', 'validTo', 'maxRedemptions'] as const;

/**
 * Create or edit a coupon. Each problem is said once, on its field: the contract's rules are
 * checked before sending, the server's field errors land on the same fields, and only a problem
 * that belongs to no field shows in the banner.
 */
export function CouponFormModal({ opened, coupon, saving, onClose, onSubmit }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(coupon));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // A field's message is about the value it had: changing it clears the message.
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
    setError(null);
  };
  const showFailure = (failure: CouponSaveFailure) => {
    const placed: FieldErrors = {};
    const elsewhere: string[] = failure.message ? [failure.message] : [];
    for (const [field, message] of Object.entries(failure.fieldErrors)) {
      if ((FIELDS as readonly string[]).includes(field)) placed[field as keyof Values] = message;
      else elsewhere.push(message);
    }
    setErrors(placed);
    setError(elsewhere.length ? elsewhere.join(' ') : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = formErrors(values);
    setErrors(wrong);
    setError(null);
    if (Object.keys(wrong).length > 0) return;
    const failure = await onSubmit(toBody(values));
    if (failure) showFailure(failure);
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
            error={errors.code}
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
            error={errors.value}
            onChange={(value) => set('value', value)}
          />
          <Group grow>
            <TextInput
              type="date"
              label="Valid from"
              value={values.validFrom}
              error={errors.validFrom}
              onChange={(e) => set('validFrom', e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Valid until"
              description={
                endsInThePast(values.validTo)
                  ? 'This day is over: the coupon is expired'
                  : undefined
              }
              value={values.validTo}
              error={errors.validTo}
              onChange={(e) => set('validTo', e.currentTarget.value)}
            />
          </Group>
          <NumberInput
            label="Maximum redemptions"
            description="Leave empty for no limit"
            min={1}
            // Out of range is said, not silently changed to 1.
            clampBehavior="none"
            allowDecimal={false}
            value={values.maxRedemptions}
            error={errors.maxRedemptions}
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
