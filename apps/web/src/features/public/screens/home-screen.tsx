import { Box, Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { paths } from '../../../config/paths';
import { HomeHero } from '../components/home-hero';
import { HomeServices, HomeSteps, HomeTrust } from '../components/home-sections';
import classes from '../components/public.module.css';

export default function HomeScreen() {
  usePageTitle('Trusted pet sitters, dog walkers and boarding near you');
  return (
    <>
      <HomeHero />
      <HomeSteps />
      <HomeServices />
      <HomeTrust />
      <Box component="section" aria-labelledby="home-cta" className={classes.belowFold}>
        <Container size="lg" py={{ base: 40, sm: 64 }}>
          <Paper radius="lg" p={{ base: 'lg', sm: 48 }} bg="pawsy.9" c="white" ta="center">
            <Title id="home-cta" order={2}>
              Ready when you are
            </Title>
            <Text mt="sm" size="lg" maw={620} mx="auto">
              Create a free account to book care for your pet — or to start earning by looking after
              other people&apos;s. Verification takes a few minutes.
            </Text>
            <Group justify="center" mt="xl">
              <Button component={Link} to={paths.signUp} size="md" variant="white" color="dark">
                Create a free account
              </Button>
              <Button
                component={Link}
                to={paths.howItWorks}
                size="md"
                variant="outline"
                color="white"
              >
                See how it works
              </Button>
            </Group>
          </Paper>
        </Container>
      </Box>
    </>
  );
}
