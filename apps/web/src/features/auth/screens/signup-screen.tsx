import {
  Anchor,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { ResultModal, type ResultModalState } from '../../../components/ui/result-modal';
import { paths, type LoginState } from '../../../config/paths';
import { SERVICE_OPTIONS } from '../../../config/services';
import { getErrorMessage } from '../../../lib/api-error';
import { saveSession } from '../../../lib/session';
import { useZodForm } from '../../../lib/use-zod-form';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { signupFormSchema } from '../auth-schemas';
import { loggedIn, signupSucceeded } from '../auth-slice';
import { forgetSignupStep, rememberSignupStep, savedSignupStep } from '../code-steps';
import { landingPath } from '../landing-path';
import { AuthCard } from '../components/auth-card';
import { OtpModal } from '../components/otp-modal';
import { SignedInRedirect } from '../components/signed-in-redirect';

const INITIAL = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  primaryServices: [] as string[],
  password: '',
  term: false as boolean,
  userType: 'user' as 'user' | 'provider',
};

/** After the code is verified the success message stays up this long before the app opens. */
const AFTER_OTP_REDIRECT_MS = 2000;

/** Read beside the form, not instead of it: leaving would lose what was typed. */
function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} target="_blank" rel="noopener" inherit>
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

export default function SignupScreen() {
  return (
    <SignedInRedirect>
      <SignupForm />
    </SignedInRedirect>
  );
}

function SignupForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // "Become a sitter" links come with ?role=provider: the form starts with "Pet sitter" chosen.
  const [searchParams] = useSearchParams();
  const form = useZodForm(signupFormSchema, {
    ...INITIAL,
    userType: searchParams.get('role') === 'provider' ? 'provider' : INITIAL.userType,
  });
  const [modal, setModal] = useState<ResultModalState>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  /** The account just created: its address and the signup's session (live once verified). */
  const [signedUp, setSignedUp] = useState(savedSignupStep);
  const [isVerified, setVerified] = useState(false);

  // A reload during the code step opens it again, for the same address and signup session.
  useEffect(() => {
    const step = savedSignupStep();
    if (step) dispatch(signupSucceeded({ token: step.token, email: step.email }));
  }, [dispatch]);

  useEffect(() => {
    if (!isVerified) return undefined;
    const timer = setTimeout(() => {
      // The code made the signup's session a full one (DESIGN §5): the new member is signed in
      // and lands where a login would take them (a new account's KYC is not verified: /kyc).
      const session = signedUp ? saveSession(signedUp.token, signedUp.expiresAt) : null;
      if (session) {
        dispatch(loggedIn(session));
        void navigate(landingPath(session.user, false), { replace: true });
        return;
      }
      const state: LoginState = { notice: 'Your email is confirmed. Log in to continue.' };
      if (signedUp) state.email = signedUp.email;
      void navigate(paths.login, { replace: true, state });
    }, AFTER_OTP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isVerified, navigate, signedUp, dispatch]);

  const submit = form.handleSubmit(async ({ primaryServices, ...values }) => {
    setSubmitting(true);
    try {
      const response = await authApi.signup({ ...values, primery_services: primaryServices });
      if (response.status !== 201) {
        setModal({ type: 'error', message: AUTH_MESSAGES.signupUnexpectedStatus });
        return;
      }
      const token = response.data?.token?.token;
      if (typeof token !== 'string' || token === '') {
        setModal({ type: 'error', message: AUTH_MESSAGES.invalidSignupToken });
        return;
      }
      setSignedUp(
        rememberSignupStep({
          email: values.email,
          token,
          expiresAt: response.data?.token?.expiresAt ?? null,
        }),
      );
      dispatch(signupSucceeded({ token, email: values.email }));
    } catch (error) {
      setModal({ type: 'error', message: getErrorMessage(error, AUTH_MESSAGES.signupFailed) });
    } finally {
      setSubmitting(false);
    }
  });

  const handleVerified = (message: string) => {
    forgetSignupStep();
    setModal({ type: 'success', message });
    setVerified(true);
  };

  const isSitter = form.values.userType === 'provider';

  return (
    <AuthCard
      title="Create your Pawsy account"
      size={620}
      subtitle={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login}>
            Log in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack>
          <Radio.Group
            label="I am joining as"
            value={form.values.userType}
            onChange={(value) =>
              form.setValue('userType', value === 'provider' ? 'provider' : 'user')
            }
          >
            <Group mt="xs">
              <Radio value="user" label="Pet owner" />
              <Radio value="provider" label="Pet sitter" />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.textInput('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.textInput('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.textInput('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            required
            {...form.textInput('phone')}
          />
          <MultiSelect
            label={isSitter ? 'Services you offer' : 'Services you are looking for'}
            placeholder="Choose one or more"
            data={SERVICE_OPTIONS.map((s) => ({ value: s.value, label: s.label }))}
            value={form.values.primaryServices}
            onChange={(value) => form.setValue('primaryServices', value)}
            clearable
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            {...form.textInput('password')}
          />
          <Checkbox
            label={
              <>
                I accept the <NewTabLink to={paths.termsOfUse}>terms of use</NewTabLink> and the{' '}
                <NewTabLink to={paths.privacyPolicy}>privacy policy</NewTabLink>
              </>
            }
            checked={form.values.term}
            onChange={(event) => form.setValue('term', event.currentTarget.checked)}
            error={form.errors.term}
          />
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            Create account
          </Button>
        </Stack>
      </form>
      <OtpModal onVerified={handleVerified} />
      <ResultModal state={modal} onClose={() => setModal(null)} />
    </AuthCard>
  );
}
