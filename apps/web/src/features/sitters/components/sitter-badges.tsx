import { Badge, Group, Text, type TextProps } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { normalizeService, serviceLabel, serviceUnit } from '../../../config/service-labels';
import { formatRate, servicesWithRates } from '../format';
import type { SitterProfile } from '../sitters-api';
import { RatingStars } from './rating-stars';

export function VerifiedBadge({ sitter }: { sitter: Pick<SitterProfile, 'badges'> }) {
  if (!sitter.badges.KYC_verified && !sitter.badges.is_verified) return null;
  return (
    <Badge
      color="pawsy"
      variant="light"
      leftSection={<IconRosetteDiscountCheck size={14} aria-hidden="true" />}
    >
      {sitter.badges.KYC_verified ? 'ID verified' : 'Verified'}
    </Badge>
  );
}

export function RatingSummary({
  rating,
  size = 'sm',
}: {
  rating: SitterProfile['rating'];
  size?: 'xs' | 'sm';
}) {
  if (!rating.count || rating.average === null) {
    return (
      <Text size={size} c="dark.4">
        No reviews yet
      </Text>
    );
  }
  const average = rating.average.toFixed(1);
  return (
    <Group gap={6} wrap="nowrap">
      <RatingStars value={rating.average} />
      <Text size={size} aria-label={`Rated ${average} out of 5 from ${rating.count} reviews`}>
        {average} ({rating.count} {rating.count === 1 ? 'review' : 'reviews'})
      </Text>
    </Group>
  );
}

type ServicesProps = Pick<
  SitterProfile,
  'primary_services' | 'service_rates' | 'suggested_rates' | 'currency'
>;

/** A listed service without the sitter's own rate shows the catalogue's, marked "suggested". */
export function ServiceRates(props: ServicesProps) {
  const { primary_services, service_rates, suggested_rates = {}, currency } = props;
  const list = servicesWithRates(primary_services, service_rates);
  // Nothing to book yet: said, so an empty card or page is not a puzzle.
  if (list.length === 0)
    return (
      <Text size="sm" c="dark.4">
        No services listed yet.
      </Text>
    );
  return (
    <Group gap={6} component="ul" m={0} p={0} aria-label="Services and rates">
      {list.map(({ service, cents }) => {
        const suggested = cents === null ? suggested_rates[normalizeService(service)] : undefined;
        // "$20/hour", "$45/night": the unit the price is counted in (the checkout multiplies by it).
        const rate = (c: number) => `${formatRate(c, currency)}/${serviceUnit(service)}`;
        return (
          <Badge key={service} component="li" variant="outline" color="dark.5" tt="none">
            {serviceLabel(service)}
            {cents !== null ? ` · ${rate(cents)}` : ''}
            {suggested !== undefined ? ` · ${rate(suggested)} suggested` : ''}
          </Badge>
        );
      })}
    </Group>
  );
}

/** The kinds of pets a sitter takes (profile `pet_prefrences`): none named takes any. */
export function PetKinds({ kinds, ...props }: { kinds: readonly string[] } & TextProps) {
  return (
    <Text size="sm" c="dark.4" {...props}>
      {kinds.length ? `Takes: ${kinds.join(', ')}` : 'Takes any pet'}
    </Text>
  );
}
