import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadMore } from '../../../components/ui/load-more';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { isAdminUser } from '../../../lib/roles';
import { useCurrentUser } from '../../auth';
import { CatalogueHistory } from '../../audit';
import { CouponFormModal } from '../components/coupon-form-modal';
import { CouponsTable } from '../components/coupons-table';
import { COUPON_MESSAGES, type Coupon, type CreateCouponBody } from '../coupons-api';
import { addCoupon, fetchCoupons, updateCoupon, type CouponSaveFailure } from '../coupons-slice';
import { initialValues, toBody } from '../components/coupon-form-values';
import { changedFields } from '../../../lib/changed-fields';
import { useEditDialog } from '../../../lib/use-edit-dialog';

/** /coupons: admins list, create and edit discount coupons (SPEC §4, §7, §8). */
export default function CouponsScreen() {
  usePageTitle('Coupons');
  const user = useCurrentUser();
  const admin = isAdminUser(user);
  const dispatch = useAppDispatch();
  const { items, paging, loading, saving, error } = useAppSelector((s) => s.coupons);
  // undefined: closed; null: creating; a coupon: editing it.
  const { editing, open: setEditing, close: closeEditing } = useEditDialog<Coupon>();
  // Each save here adds to the change history below, which reads it again.
  const [saves, setSaves] = useState(0);

  useEffect(() => {
    if (admin) void dispatch(fetchCoupons(1));
  }, [admin, dispatch]);

  if (!admin) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>Coupons</Title>
        <Text mt="md">
          Only administrators manage coupons. Enter a coupon code when you subscribe.
        </Text>
      </Container>
    );
  }

  // A failure is said in the form (on its field where it has one), not in a toast as well.
  const save = async (body: CreateCouponBody): Promise<CouponSaveFailure | null> => {
    const result = editing
      ? await dispatch(
          updateCoupon({
            id: editing._id,
            // The coupon as this form read it: another admin's save since then is a 409.
            changes: {
              ...changedFields(toBody(initialValues(editing)), body),
              updatedAt: editing.updatedAt,
            },
          }),
        )
      : await dispatch(addCoupon(body));
    if (addCoupon.rejected.match(result) || updateCoupon.rejected.match(result))
      return (
        result.payload ?? {
          fieldErrors: {},
          message: editing ? COUPON_MESSAGES.updateFailed : COUPON_MESSAGES.addFailed,
        }
      );
    notifications.show({
      color: 'green',
      title: editing ? 'Coupon updated' : 'Coupon created',
      message: `${body.code} is saved.`,
    });
    closeEditing();
    setSaves((n) => n + 1);
    return null;
  };

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>Coupons</Title>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing(null)}
          >
            New coupon
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert" title="Coupons unavailable">
            {error}
          </Alert>
        )}
        {loading && items.length === 0 ? (
          <Loader aria-label="Loading coupons" />
        ) : items.length === 0 && !error ? (
          <Text c="dimmed">No coupons yet. Create the first one.</Text>
        ) : (
          <CouponsTable coupons={items} onEdit={(c) => setEditing(c)} />
        )}
        {items.length > 0 && (
          <LoadMore
            count={items.length}
            hasMore={paging.hasMore}
            isLoading={paging.loadingMore}
            error={paging.error}
            onLoadMore={() => void dispatch(fetchCoupons(paging.page + 1))}
            endLabel="No more coupons"
          />
        )}
        <CatalogueHistory targetType="coupon" version={saves} />
      </Stack>
      {editing !== undefined && (
        <CouponFormModal
          key={editing?._id ?? 'new'}
          opened
          coupon={editing}
          saving={saving}
          onClose={() => closeEditing()}
          onSubmit={save}
        />
      )}
    </Container>
  );
}
