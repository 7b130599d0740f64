import {
  Alert,
  Box,
  Button,
  Container,
  EmptyState,
  Grid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { countOf } from '../../../lib/plural';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { WhenVisible } from '../../../components/ui/when-visible';
import { paths } from '../../../config/paths';
import { SitterCard } from '../components/sitter-card';
import { SitterFilters } from '../components/sitter-filters';
import { bookingQuery, hasFilters, useSitterFilters } from '../hooks/use-sitter-filters';
import { useSitterSearch } from '../hooks/use-sitter-search';

// Leaflet and its CSS load with the map, once the map's box is in view (below the list on a
// phone).
const SittersMap = lazy(() => import('../components/sitters-map'));

const mapSkeleton = <Skeleton h="100%" radius="lg" role="status" aria-label="Loading the map" />;

function ListSkeleton() {
  return (
    <Stack role="status" aria-label="Loading sitters">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={130} radius="lg" />
      ))}
    </Stack>
  );
}

export default function PetSittersScreen() {
  usePageTitle('Find pet sitters');
  const { filters, update, clear } = useSitterFilters();
  const search = useSitterSearch(filters);
  const isNearby = search.mode === 'nearby';

  return (
    <Container size="xl" py={{ base: 32, sm: 48 }}>
      <Title order={1}>Find pet sitters</Title>
      <Text c="dark.4" mt={4} mb="lg">
        {isNearby
          ? 'Sitters nearest to you first.'
          : search.mode === 'all'
            ? 'Top-rated sitters first. Set your location in your profile to see the nearest first.'
            : 'Sitters who care for pets near you.'}
      </Text>
      <SitterFilters value={filters} onChange={update} onClear={clear} />
      <Grid mt="lg" gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {search.error && (
            <Alert color="red" role="alert" mb="md">
              {search.error}
            </Alert>
          )}
          {search.isLoading ? (
            <ListSkeleton />
          ) : search.items.length === 0 && !search.error ? (
            <EmptyState
              icon={<IconUserSearch size={32} />}
              variant="light"
              title="No sitters found"
              description={
                hasFilters(filters)
                  ? 'Try other dates, another service or place, or clear the filters.'
                  : 'No sitters have joined yet. Check back soon.'
              }
              py="xl"
            />
          ) : (
            <Stack aria-live="polite">
              <Text size="sm" c="dark.4">
                Showing {search.items.length} of {countOf(search.total, 'sitter')}
              </Text>
              <Stack component="section" aria-label="Sitters" gap="sm">
                {search.items.map((sitter) => (
                  <SitterCard
                    key={sitter._id}
                    sitter={sitter}
                    showDistance={isNearby}
                    query={bookingQuery(filters)}
                  />
                ))}
              </Stack>
              {search.hasMore && (
                <Button
                  variant="default"
                  onClick={search.loadMore}
                  loading={search.isLoadingMore}
                  mx="auto"
                >
                  Load more
                </Button>
              )}
            </Stack>
          )}
          {!isNearby && search.mode === 'all' && (
            <Text size="sm" mt="md">
              <Link to={paths.profile}>Set your location</Link> to sort sitters by distance.
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Box pos="sticky" top={80} h={{ base: 360, md: 'calc(100vh - 120px)' }}>
            <WhenVisible placeholder={mapSkeleton}>
              <Suspense fallback={mapSkeleton}>
                <SittersMap sitters={search.items} query={bookingQuery(filters)} />
              </Suspense>
            </WhenVisible>
          </Box>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
