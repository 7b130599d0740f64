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
import { contactBody } from '@pawsy/contract';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { SUPPORT_EMAIL } from '../../../config/site';
import { getErrorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { CONTACT_MESSAGES, publicApi } from '../public-api';

const TOPICS = [
  'Booking help',
  'Account and verification',
  'Payments and subscriptions',
  'Becoming a sitter',
  'Something else',
];

// The API's own rules; the form only insists on a topic, which the API takes as the subject.
const contactSchema = contactBody.extend({ subject: z.string().min(1, 'Choose a topic') });

const EMPTY = { name: '', email: '', subject: '', message: '' };

export default function ContactUsScreen() {
  usePageTitle('Contact us');
  const form = useZodForm(contactSchema, EMPTY);
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = form.handleSubmit(async (data) => {
    setError(null);
    setSent(null);
    setSubmitting(true);
    try {
      const { data: answer } = await publicApi.sendContactMessage(data);
      setSent({ message: answer.message, email: data.email });
      form.reset();
    } catch (err) {
      setError(getErrorMessage(err, CONTACT_MESSAGES.sendFailed));
    } finally {
      setSubmitting(false);
    }
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
            {sent && (
              <Alert
                icon={<IconCircleCheck aria-hidden="true" />}
                color="pawsy"
                title="Message sent"
                mb="lg"
                role="status"
              >
                {sent.message} We will reply to {sent.email} within one working day.
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert" mb="lg">
                {error}
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
                  value={form.values.subject || null}
                  onChange={(value) => form.setValue('subject', value ?? '')}
                  error={form.errors.subject}
                />
                <Textarea
                  label="Message"
                  autosize
                  minRows={5}
                  required
                  {...form.textInput('message')}
                />
                <Button type="submit" size="md" loading={isSubmitting}>
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
