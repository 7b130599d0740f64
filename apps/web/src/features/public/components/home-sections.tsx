import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBone,
  IconCalendarCheck,
  IconDoorEnter,
  IconHome,
  IconLock,
  IconMessages,
  IconScissors,
  IconSearch,
  IconShieldCheck,
  IconStar,
  IconWalk,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './public.module.css';

type Feature = { icon: Icon; title: string; text: string };

const STEPS: Feature[] = [
  {
    icon: IconSearch,
    title: '1. Search sitters near you',
    text: 'Tell us where you live and what your pet needs. Compare sitters by distance, services, rates, reviews and ID-verified badges.',
  },
  {
    icon: IconMessages,
    title: '2. Request and chat',
    text: 'Send a booking request with your dates to a sitter, or post it for nearby sitters to apply. Each request has its own chat to talk routines, medication and quirks before the booking is accepted.',
  },
  {
    icon: IconCalendarCheck,
    title: '3. Relax while they care',
    text: 'Your sitter confirms and you get updates in the booking chat until your pet is home. A request to a chosen sitter is paid securely through Pawsy at checkout.',
  },
];

const SERVICES: Feature[] = [
  {
    icon: IconWalk,
    title: 'Dog walking',
    text: '30- or 60-minute walks around your neighbourhood, solo or with a small, well-matched group.',
  },
  {
    icon: IconHome,
    title: 'Pet sitting',
    text: 'A sitter stays overnight in your home, so your pet keeps its bed, its garden and its routine.',
  },
  {
    icon: IconBone,
    title: 'Boarding',
    text: "Your pet stays in the sitter's home as part of the family — ideal for social dogs and longer trips.",
  },
  {
    icon: IconDoorEnter,
    title: 'Drop-in visits',
    text: 'Short visits to feed, refresh water, clean litter, give medication and play. Great for cats.',
  },
  {
    icon: IconScissors,
    title: 'Grooming',
    text: 'Baths, brushing, nail trims and tidy-ups from sitters with grooming experience.',
  },
];

const TRUST: Feature[] = [
  {
    icon: IconShieldCheck,
    title: 'ID checks you can see',
    text: 'Sitters upload a government ID that our team checks by hand. Those who pass carry the verified badge on their card and profile, so you know before you book.',
  },
  {
    icon: IconStar,
    title: 'Reviews from real bookings',
    text: 'Only owners and sitters who completed a booking together can review each other, so every rating is earned.',
  },
  {
    icon: IconLock,
    title: 'Secure payments',
    text: 'A request to a chosen sitter is paid through Pawsy at checkout, with credits or card. If a stay goes wrong, open a dispute and our team steps in to resolve it.',
  },
];

function FeatureGrid({ items, cols }: { items: Feature[]; cols: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="lg" mt="xl">
      {items.map(({ icon: IconComponent, title, text }) => (
        <Card key={title} withBorder radius="lg" padding="lg">
          <ThemeIcon size={44} radius="md" aria-hidden="true">
            <IconComponent size={24} />
          </ThemeIcon>
          <Title order={3} size="h4" mt="md">
            {title}
          </Title>
          <Text mt="xs" c="dark.6">
            {text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Section({
  id,
  title,
  intro,
  children,
  band,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
  band?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      className={band ? `${classes.belowFold} ${classes.band}` : classes.belowFold}
    >
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Stack gap={4} maw={680}>
          <Title id={id} order={2}>
            {title}
          </Title>
          <Text size="lg" c="dark.6">
            {intro}
          </Text>
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

export function HomeSteps() {
  return (
    <Section
      id="home-steps"
      title="How Pawsy works"
      intro="From first search to a happy reunion in three steps."
    >
      <FeatureGrid items={STEPS} cols={3} />
    </Section>
  );
}

export function HomeServices() {
  return (
    <Section
      id="home-services"
      band
      title="Care for every kind of day"
      intro="Whether you are at work for the afternoon or abroad for two weeks, there is a service that fits."
    >
      <FeatureGrid items={SERVICES} cols={3} />
    </Section>
  );
}

export function HomeTrust() {
  return (
    <Section
      id="home-trust"
      title="Trust and safety, built in"
      intro="Letting someone care for your pet takes trust. Here is how we earn it."
    >
      <FeatureGrid items={TRUST} cols={3} />
    </Section>
  );
}
