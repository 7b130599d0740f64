import {
  Alert,
  Button,
  Container,
  Grid,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { emailField } from '@pawsy/contract';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { SUPPORT_EMAIL } from '../../../config/site';
import { useZodForm } from '../../../lib/use-zod-form';

const TOPICS = [
  'Booking help',
  'Account and verification',
  'Payments and subscriptions',
  'Becoming a sitter',
  'Something else',
];

const contactSchema = z.object({
  name: z.string().trim().min(1, 'Please tell us your name').max(100),
  email: emailField,
  topic: z.string().min(1, 'Choose a topic'),
  message: z
    .string()
    .trim()
    .min(20, 'Please write at least 20 characters')
    .max(5000, 'Please keep it under 5,000 characters'),
});

const EMPTY = { name: '', email: '', topic: '', message: '' };

export default function ContactUsScreen() {
  usePageTitle('Contact us');
  const form = useZodForm(contactSchema, EMPTY);
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);

  const submit = form.handleSubmit((data) => {
    // The message is acknowledged here; the support inbox is reached by email for now.
    setSentTo({ name: data.name, email: data.email });
    form.reset();
  });

  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Grid gap={48}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Title order={1}>Contact us</Title>
          <Text size="lg" mt="md" c="dark.6">
            Questions about a booking, your verification or a payment? Our support team answers
            every message within one working day, seven days a week.
          </Text>
          <Stack mt="xl" gap={4}>
            <Text fw={600}>Prefer email?</Text>
            <Text>
              <IconMail size={16} aria-hidden="true" style={{ verticalAlign: 'middle' }} />{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </Text>
            <Text size="sm" c="dark.6" mt="sm">
              For an urgent problem during a booking, open the booking and message your sitter or
              owner first; you can also open a dispute from there.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            {sentTo && (
              <Alert
                icon={<IconCircleCheck aria-hidden="true" />}
                color="pawsy"
                title="Message received"
                mb="lg"
                role="status"
              >
                Thanks, {sentTo.name}! We have received your message and will reply to{' '}
                {sentTo.email} within one working day.
              </Alert>
            )}
            <form onSubmit={submit} noValidate aria-label="Contact form">
              <Stack>
                <TextInput
                  label="Your name"
                  autoComplete="name"
                  required
                  {...form.textInput('name')}
                />
                <TextInput
                  label="Email address"
                  type="email"
                  autoComplete="email"
                  required
                  {...form.textInput('email')}
                />
                <Select
                  label="Topic"
                  placeholder="Choose a topic"
                  data={TOPICS}
                  required
                  value={form.values.topic || null}
                  onChange={(value) => form.setValue('topic', value ?? '')}
                  error={form.errors.topic}
                />
                <Textarea
                  label="Message"
                  autosize
                  minRows={5}
                  required
                  {...form.textInput('message')}
                />
                <Button type="submit" size="md">
                  Send message
                </Button>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
