import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths, signUpAsSitter } from '../../config/paths';
import { SUPPORT_EMAIL } from '../../config/site';

const LINKS = [
  { label: 'How it works', to: paths.howItWorks },
  { label: 'Contact us', to: paths.contactUs },
  { label: 'Privacy policy', to: paths.privacyPolicy },
  { label: 'Terms of use', to: paths.termsOfUse },
];

/** Signed out, the footer also invites sitters to sign up (a member would be sent back: signup is for new accounts). */
export function Footer({ signedIn, inert = false }: { signedIn: boolean; inert?: boolean }) {
  const links = signedIn ? LINKS : [...LINKS, { label: 'Become a sitter', to: signUpAsSitter }];
  return (
    <Container
      component="footer"
      inert={inert}
      size="lg"
      py="xl"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap="sm">
        <Group component="nav" aria-label="Footer" gap="lg">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm" underline="always">
              {link.label}
            </Anchor>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} Pawsy. Questions? Write to{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm" underline="always">
            {SUPPORT_EMAIL}
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
