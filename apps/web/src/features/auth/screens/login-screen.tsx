import './login-screen.css';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import type { ResultModalState } from '../../../components/ui/result-modal';
import { paths, type LoginState } from '../../../config/paths';
import { loadAllStyles, loadWithRetry } from '../../../lib/lazy-screen';
import { ApiError } from '../../../lib/api-error';
import { isAdminUser } from '../../../lib/roles';
import { saveSession } from '../../../lib/session';
import { useZodForm } from '../../../lib/use-zod-form';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES, LOGIN_REDIRECT_DELAY_MS, getLoginErrorMessage } from '../auth-errors';
import { loginFormSchema, type LoginValues } from '../auth-schemas';
import { loggedIn } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { EmailCodeForm } from '../components/email-code-form';
import { SignedInRedirect } from '../components/signed-in-redirect';
import { fetchKycVerified, landingPath, returnPath } from '../landing-path';

// The result modal (with Mantine's Modal, focus trap and scroll area) is only needed once the
// form is sent: it loads then, while the login is checked, instead of before the first paint.
const loadResultModal = () => import('../../../components/ui/result-modal');
const ResultModal = lazy(async () => ({
  default: (await loadWithRetry(loadResultModal)).ResultModal,
}));

export default function LoginScreen() {
  return (
    <SignedInRedirect>
      <LoginForm />
    </SignedInRedirect>
  );
}

function LoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // After signup's email check, a password reset or the session's end, the screen before says
  // why and for whom; a session that ended also says where to go back to.
  const { notice, email: knownEmail, returnTo } = (useLocation().state as LoginState | null) ?? {};
  const form = useZodForm(loginFormSchema, {
    email: typeof knownEmail === 'string' ? knownEmail : '',
    password: '',
    rememberMe: false,
  });
  const [modal, setModal] = useState<ResultModalState>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState<{ values: LoginValues; message: string } | null>(
    null,
  );
  const passwordRef = useRef<HTMLInputElement>(null);
  // The error modal mounts already open (it loads on submit), so Mantine has no opener to return
  // focus to and it fell to <body>: closing it puts the focus back on the password to retype.
  const closeError = () => {
    setModal(null);
    requestAnimationFrame(() => passwordRef.current?.focus());
  };

  // SPEC §2: the success modal stays up for three seconds, then the role decides where to go.
  useEffect(() => {
    if (!redirectTo) return undefined;
    const timer = setTimeout(() => {
      void navigate(redirectTo, { replace: true });
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  /** Logs in and shows the success modal before the redirect; rejects with the API's error. */
  const logIn = async (values: LoginValues) => {
    const { data } = await authApi.login(values);
    const session = saveSession(data.token, data.expiresAt);
    if (!session) throw new Error(AUTH_MESSAGES.invalidSignupToken);
    dispatch(loggedIn(session));
    // A login lands by role and KYC (SPEC §2, §6: a member whose KYC is not verified on /kyc);
    // a session that ended mid-use goes back to its page, once /kyc is not where it must land.
    const isAdmin = isAdminUser(session.user);
    const isKycVerified =
      typeof data.user?.KYC_verified === 'boolean'
        ? data.user.KYC_verified
        : !isAdmin && (await fetchKycVerified());
    const landing = landingPath(session.user, isKycVerified);
    const target =
      isAdmin || isKycVerified ? (returnPath(returnTo, session.user) ?? landing) : landing;
    setModal({ type: 'success', message: AUTH_MESSAGES.loginSuccess });
    setRedirectTo(target);
  };

  const submit = form.handleSubmit(async (values) => {
    setSubmitting(true);
    setHasSubmitted(true);
    // The next screen needs every component's CSS: fetch it while the login is checked.
    loadAllStyles().catch(() => undefined);
    try {
      await logIn(values);
    } catch (error) {
      // 403: the right password for an address not confirmed yet; the API mailed a code.
      if (error instanceof ApiError && error.status === 403)
        setUnconfirmed({ values, message: getLoginErrorMessage(error) });
      else setModal({ type: 'error', message: getLoginErrorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  });

  if (unconfirmed) {
    const { email } = unconfirmed.values;
    return (
      <AuthCard title="Confirm your email" subtitle="Then you are logged in">
        <Stack>
          <Alert color="yellow" role="alert">
            {unconfirmed.message}
          </Alert>
          <EmailCodeForm
            email={email}
            autoFocus
            verify={async (otp) => {
              await authApi.verifyOtp({ email, otp });
              try {
                await logIn(unconfirmed.values);
              } catch (error) {
                setModal({ type: 'error', message: getLoginErrorMessage(error) });
              }
            }}
            resend={async () => (await authApi.resendOtp({ email })).data?.message}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => setUnconfirmed(null)}>
            Back to log in
          </Anchor>
        </Stack>
        <Suspense fallback={null}>
          <ResultModal
            state={modal}
            onClose={() => modal?.type === 'error' && setModal(null)}
            returnFocus={false}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Log in to Pawsy"
      subtitle={
        <>
          New here?{' '}
          <Anchor component={Link} to={paths.signUp}>
            Create an account
          </Anchor>
        </>
      }
    >
      {notice && (
        <Alert color="pawsy" mb="md" role="status">
          {notice}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="Log in">
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.textInput('email')}
          />
          <PasswordInput
            ref={passwordRef}
            label="Password"
            autoComplete="current-password"
            // With the address filled in, the password is what is left to type.
            autoFocus={typeof knownEmail === 'string'}
            required
            {...form.textInput('password')}
          />
          <Group justify="space-between">
            <Checkbox
              label="Remember me"
              checked={form.values.rememberMe}
              onChange={(event) => form.setValue('rememberMe', event.currentTarget.checked)}
            />
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={modal?.type === 'success'}
            fullWidth
            size="md"
          >
            Log in
          </Button>
        </Stack>
      </form>
      {hasSubmitted && (
        <Suspense fallback={null}>
          <ResultModal
            state={modal}
            onClose={() => modal?.type === 'error' && closeError()}
            returnFocus={false}
          />
        </Suspense>
      )}
    </AuthCard>
  );
}
