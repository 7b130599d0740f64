import { Alert, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { getErrorMessage } from '../../../lib/api-error';
import { isAdminUser } from '../../../lib/roles';
import { CatalogueHistory } from '../../audit';
import { useLoad } from '../../../lib/use-load';
import { useCurrentUser } from '../../auth';
import { CurrentPlanNotice, useMySubscription } from '../../billing';
import { ManagePackages } from '../components/manage-packages';
import { OwnersOnlyNotice, useMaySubscribe } from '../components/owners-only-notice';
import { PackageCard } from '../components/package-card';
import { PACKAGE_MESSAGES, packagesApi } from '../packages-api';

/** Rejects with the server's message (or the fallback) so useLoad shows it as it is. */
const withMessage = <T,>(promise: Promise<T>) =>
  promise.catch((error: unknown) => {
    throw new Error(getErrorMessage(error, PACKAGE_MESSAGES.fetchFailed));
  });

/** /packages: the subscription packages on offer; admins also manage them here. */
export default function PackagesScreen() {
  usePageTitle('Packages');
  const admin = isAdminUser(useCurrentUser());
  const maySubscribe = useMaySubscribe();
  const plan = useMySubscription(maySubscribe).data?.data ?? null;
  const loadActive = useCallback(() => withMessage(packagesApi.list()), []);
  const loadAll = useCallback(() => withMessage(packagesApi.listAll()), []);
  const offered = useLoad('packages', loadActive, PACKAGE_MESSAGES.fetchFailed);
  const all = useLoad(admin ? 'all-packages' : null, loadAll, PACKAGE_MESSAGES.fetchFailed);
  // Each save here adds to the change history below, which reads it again.
  const [saves, setSaves] = useState(0);
  const reload = () => {
    offered.reload();
    all.reload();
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Packages</Title>
          <Text c="dimmed">
            Subscribe to a package for booking credits every period. Have a coupon? Enter it on the
            next step.
          </Text>
        </Stack>
        {maySubscribe ? <CurrentPlanNotice subscription={plan} /> : <OwnersOnlyNotice />}
        {offered.error && (
          <Alert color="red" role="alert" title="Packages unavailable">
            {offered.error}
          </Alert>
        )}
        {offered.isLoading && !offered.data ? (
          <Loader aria-label="Loading packages" />
        ) : offered.data && offered.data.length === 0 ? (
          <Text>No packages are on offer right now.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {offered.data?.map((p) => (
              <PackageCard
                key={p._id}
                pkg={p}
                maySubscribe={maySubscribe}
                isCurrent={plan?.packageId === p._id}
              />
            ))}
          </SimpleGrid>
        )}
        {admin && all.error && (
          <Alert color="red" role="alert" title="Package management unavailable">
            {all.error}
          </Alert>
        )}
        {admin && all.data && (
          <ManagePackages
            packages={all.data}
            onChanged={() => {
              reload();
              setSaves((n) => n + 1);
            }}
          />
        )}
        {admin && all.data && <CatalogueHistory targetType="package" version={saves} />}
      </Stack>
    </Container>
  );
}
