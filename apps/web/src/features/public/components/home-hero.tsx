import {
  Box,
  Button,
  Container,
  Group,
  List,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, signUpAsSitter } from '../../../config/paths';
import { HeroIllustration } from './hero-illustration';
import classes from './public.module.css';

export function HomeHero() {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="home-title">
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <div>
            <Title id="home-title" order={1} className={classes.heroTitle}>
              Loving care for your pet, from sitters you can trust
            </Title>
            <Text size="lg" mt="md" c="dark.6">
              Pawsy connects pet owners with sitters nearby for dog walks, home visits, overnight
              sitting, boarding and grooming. Send a request in minutes, then talk routines and
              details with your sitter in the booking's own chat.
            </Text>
            <List
              mt="lg"
              spacing="xs"
              icon={
                <ThemeIcon size={22} radius="xl" aria-hidden="true">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              <List.Item>A verified badge on every sitter whose ID our team has checked</List.Item>
              <List.Item>Honest reviews from owners who booked them</List.Item>
              <List.Item>Payments held securely, with help if something goes wrong</List.Item>
            </List>
            <Group mt="xl">
              <Button component={Link} to={paths.petSitters} size="md">
                Find a sitter
              </Button>
              <Button component={Link} to={signUpAsSitter} size="md" variant="default">
                Become a sitter
              </Button>
            </Group>
          </div>
          <HeroIllustration />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
