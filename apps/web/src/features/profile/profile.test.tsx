import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { FIXTURE_USER_ID, makeProfile } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { mockXhr } from '../../test/xhr-mock';
import { buildProfileFormData, toProfileValues } from './profile-form';

const USER_ID = FIXTURE_USER_ID;

const entries = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]));

/** Answers the profile read with `profile` (and the bell's list with nothing). */
function serveProfile(profile: ReturnType<typeof makeProfile>) {
  return mockFetch(({ url }) =>
    url === '/api/user/user-profile'
      ? { status: 200, body: { success: true, data: profile, user: profile } }
      : { status: 200, body: { success: true, allNotifications: [] } },
  );
}

/** /profile for a sitter whose saves succeed: the saves sent, and a user to drive it. */
function openAsSitter() {
  storeSession({ id: USER_ID, userType: 'provider' });
  serveProfile(makeProfile());
  const xhrCalls = mockXhr(() => ({
    status: 200,
    body: { success: true, message: 'Profile updated successfully', data: makeProfile() },
  }));
  renderApp('/profile');
  return { xhrCalls, user: userEvent.setup() };
}

describe('profile form payload', () => {
  it('omits empty values, JSON-encodes lists, sends rates in cents and both coordinates', () => {
    const values = {
      ...toProfileValues(makeProfile({ dob: '1990-05-17T00:00:00.000Z' })),
      bio: '   ',
      pet_prefrences: ['Dogs', 'Cats'],
      rates: { 'dog-walking': '25.50' },
      coordinates: { latitude: 30.27, longitude: -97.74 },
    };
    const sent = entries(buildProfileFormData(values, { isProvider: true }));
    expect(sent).toEqual({
      firstName: 'Maya',
      lastName: 'Lopez',
      phone: '+1 555 0100',
      dob: '1990-05-17',
      headline: 'Dog walker',
      city: 'Austin',
      primary_services: '["dog-walking"]',
      pet_prefrences: '["Dogs","Cats"]',
      email_notification: 'true',
      service_rates: '{"dog-walking":2550}',
      'coordinates[longitude]': '-97.74',
      'coordinates[latitude]': '30.27',
    });
  });

  it('leaves empty lists out, naming in clear the ones emptied since the form loaded', () => {
    const previous = { ...toProfileValues(makeProfile()), pet_prefrences: ['Dogs'] };
    const values = { ...previous, primary_services: [], pet_prefrences: [] };
    const sent = entries(buildProfileFormData(values, { isProvider: true, previous }));
    expect(sent).not.toHaveProperty('primary_services');
    expect(sent).not.toHaveProperty('pet_prefrences');
    expect(JSON.parse(String(sent.clear))).toEqual(['primary_services', 'pet_prefrences']);
    const untouched = entries(buildProfileFormData({ ...values }, { isProvider: false }));
    expect(untouched).not.toHaveProperty('clear');
  });

  it('never sends rates for an owner', () => {
    const values = { ...toProfileValues(makeProfile()), rates: { 'dog-walking': '30' } };
    expect(buildProfileFormData(values, { isProvider: false }).has('service_rates')).toBe(false);
  });
});

describe('profile screen', () => {
  it('loads the profile and saves it as multipart to PUT /api/user/update-profile', async () => {
    const { xhrCalls, user } = openAsSitter();
    const city = await screen.findByLabelText('City');
    expect(city).toHaveValue('Austin');
    const rate = screen.getByLabelText('Dog walking rate (USD)');
    expect(rate).toHaveValue('$25.00');
    // Walks are priced per hour (the checkout multiplies by hours).
    expect(rate).toHaveAccessibleDescription(
      'Per hour; left empty, owners see $20.00/hour suggested',
    );
    await user.clear(city);
    await user.type(screen.getByLabelText('State or region'), 'TX');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(xhrCalls).toHaveLength(1);
    expect(xhrCalls[0]).toMatchObject({ method: 'PUT', url: '/api/user/update-profile' });
    const sent = xhrCalls[0]!.body!;
    expect(sent.has('city')).toBe(false);
    expect(sent.get('state')).toBe('TX');
    expect(sent.has('bio')).toBe(false);
    expect(sent.get('primary_services')).toBe('["dog-walking"]');
    expect(sent.get('service_rates')).toBe('{"dog-walking":2500}');
    expect(xhrCalls[0]!.headers['x-auth-token']).toBeTruthy();
  });

  it('sends an emptied optional field in clear, since empty values are left out', async () => {
    const { xhrCalls, user } = openAsSitter();
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const sent = xhrCalls[0]!.body!;
    expect(sent.has('city')).toBe(false);
    expect(sent.get('clear')).toBe('["city"]');
  });

  it('sends no clear when nothing was emptied', async () => {
    const { xhrCalls, user } = openAsSitter();
    await user.type(await screen.findByLabelText('State or region'), 'TX');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(xhrCalls[0]!.body!.has('clear')).toBe(false);
  });

  it('refuses a negative, too low or too high rate on its field instead of changing it', async () => {
    const { xhrCalls, user } = openAsSitter();
    const rate = await screen.findByLabelText('Dog walking rate (USD)');
    await user.clear(rate);
    await user.type(rate, '-5');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Please correct the highlighted rates.')).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAccessibleDescription(/A rate cannot be negative/);
    await waitFor(() => expect(rate).toHaveFocus());

    await user.clear(rate);
    await user.type(rate, '150000');
    await user.tab();
    expect(rate).toHaveValue('$150,000.00');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(rate).toHaveAccessibleDescription(/A rate can be at most \$100,000\.00/),
    );
    expect(xhrCalls).toHaveLength(0);

    // Above free but under what a card can be charged.
    await user.clear(rate);
    await user.type(rate, '0.40');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription(/at least \$0\.50/));
    expect(xhrCalls).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '99.5');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(xhrCalls[0]!.body!.get('service_rates')).toBe('{"dog-walking":9950}');
  });

  it('takes typed coordinates as typed (trailing zeros too), and only once both are there', async () => {
    const { xhrCalls, user } = openAsSitter();
    await user.click(await screen.findByRole('button', { name: 'Pick on a map' }));
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    const longitude = screen.getByRole('textbox', { name: 'Longitude' });
    await user.type(latitude, '30.2650');
    // Latitude alone is no location: longitude is not made up as 0.
    expect(longitude).toHaveValue('');
    expect(screen.getByText(/No location set yet/)).toBeInTheDocument();
    expect(latitude).toHaveValue('30.2650');
    await user.type(longitude, '-97.7400');
    expect(longitude).toHaveValue('-97.7400');
    expect(screen.getByText('Location set: 30.2650, -97.7400')).toBeInTheDocument();

    await user.clear(latitude);
    await user.type(latitude, '30.2710');
    expect(latitude).toHaveValue('30.2710');
    expect(screen.getByText('Location set: 30.2710, -97.7400')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(xhrCalls[0]!.body!.get('coordinates[latitude]')).toBe('30.271');
    expect(xhrCalls[0]!.body!.get('coordinates[longitude]')).toBe('-97.74');
  });

  it('shows the server error (error or message field) or "Failed to update profile"', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    serveProfile(makeProfile({ userType: 'user', role: 'user' }));
    let attempt = 0;
    mockXhr(() => {
      attempt += 1;
      return attempt === 1
        ? { status: 400, body: { error: 'dob: Date of birth must be in the past' } }
        : { status: 500 };
    });
    renderApp('/profile');
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save profile' });
    expect(screen.queryByLabelText(/rate \(USD\)/)).not.toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('dob: Date of birth must be in the past')).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('holds back dates the API refuses, showing each rule by its field', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    serveProfile(
      makeProfile({
        userType: 'user',
        role: 'user',
        date_of_issue: '2020-01-01',
        KYC_verified: false,
        is_verified: false,
      }),
    );
    const xhrCalls = mockXhr(() => ({
      status: 200,
      body: { success: true, message: 'Profile updated successfully', data: makeProfile() },
    }));
    renderApp('/profile');
    const user = userEvent.setup();
    const dob = await screen.findByLabelText('Date of birth');
    const expiry = screen.getByLabelText('Date of expiry');
    // A date input takes its value whole, as a browser's date picker gives it.
    fireEvent.change(dob, { target: { value: '1700-01-01' } });
    fireEvent.change(expiry, { target: { value: '2019-12-31' } });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Please correct the highlighted dates.')).toBeInTheDocument();
    expect(dob).toHaveAttribute('aria-invalid', 'true');
    expect(dob).toHaveAccessibleDescription('Date of birth cannot be more than 120 years ago');
    expect(expiry).toHaveAccessibleDescription('Date of expiry must be after the date of issue');
    expect(screen.getByLabelText('Date of issue')).not.toHaveAttribute('aria-invalid');
    expect(xhrCalls).toHaveLength(0);

    fireEvent.change(dob, { target: { value: '1990-04-01' } });
    expect(dob).not.toHaveAttribute('aria-invalid');
    fireEvent.change(expiry, { target: { value: '2030-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(xhrCalls[0]!.body!.get('date_of_expiry')).toBe('2030-01-01');
    expect(xhrCalls[0]!.body!.get('dob')).toBe('1990-04-01');
  });

  it('shows the ID-checked identity read-only to a verified user and still saves the rest', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    const profile = makeProfile({
      userType: 'user',
      role: 'user',
      dob: '1990-05-17T00:00:00.000Z',
      document_type: 'passport',
      date_of_issue: '2020-01-01',
      date_of_expiry: '2030-01-01',
    });
    serveProfile(profile);
    const xhrCalls = mockXhr(() => ({
      status: 200,
      body: { success: true, message: 'Profile updated successfully', data: profile },
    }));
    renderApp('/profile');
    const user = userEvent.setup();
    const first = await screen.findByLabelText(/First name/);
    for (const label of [/First name/, /Last name/, 'Date of birth']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('readonly');
      expect(input).toHaveAccessibleDescription(/Checked with your ID.*Contact support/);
    }
    for (const label of ['Date of issue', 'Date of expiry']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    const documentType = screen
      .getAllByLabelText('Document type')
      .find((el) => el.tagName === 'INPUT');
    expect(documentType).toHaveAttribute('readonly');
    await user.type(first, 'X');
    expect(first).toHaveValue('Maya');

    await user.type(screen.getByLabelText('State or region'), 'TX');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const sent = xhrCalls[0]!.body!;
    // The unchanged identity goes along as the API expects it (the same values are accepted).
    expect(sent.get('firstName')).toBe('Maya');
    expect(sent.get('dob')).toBe('1990-05-17');
    expect(sent.get('state')).toBe('TX');
  });

  it('lets a verified user fill an identity field still empty, the others stay locked', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    const profile = makeProfile({
      userType: 'user',
      role: 'user',
      dob: null,
      document_type: null,
      date_of_issue: null,
      date_of_expiry: null,
    });
    serveProfile(profile);
    renderApp('/profile');
    expect(await screen.findByLabelText(/First name/)).toHaveAttribute('readonly');
    for (const label of ['Date of birth', 'Date of issue', 'Date of expiry'])
      expect(screen.getByLabelText(label)).not.toHaveAttribute('readonly');
    expect(screen.getByText('The document you verify your identity with.')).toBeInTheDocument();
  });

  it('marks and focuses the fields a refused save names', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    const profile = makeProfile({
      userType: 'user',
      role: 'user',
      KYC_verified: false,
      is_verified: false,
    });
    serveProfile(profile);
    const message =
      'Your date of birth is being checked with your ID documents and cannot be changed until the review is finished';
    mockXhr(() => ({
      status: 409,
      body: { message, code: 'CONFLICT', errors: [{ path: 'dob', message }] },
    }));
    renderApp('/profile');
    const user = userEvent.setup();
    const dob = await screen.findByLabelText('Date of birth');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(dob).toHaveAttribute('aria-invalid', 'true'));
    expect(dob).toHaveAccessibleDescription(message);
    expect(dob).toHaveFocus();
  });

  it('shows a refused field under the field only, not again as "emergency_phone: …" above the button', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    serveProfile(makeProfile({ userType: 'user', role: 'user' }));
    mockXhr(() => ({
      status: 400,
      body: {
        message: 'emergency_phone: Enter a valid phone number',
        code: 'VALIDATION',
        errors: [{ path: 'emergency_phone', message: 'Enter a valid phone number' }],
      },
    }));
    renderApp('/profile');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Emergency phone');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(screen.queryByText(/emergency_phone/)).toBeNull();
  });

  it('says why the server refused a photo under the Photo field, until another file is picked', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    serveProfile(makeProfile({ userType: 'user', role: 'user' }));
    const message = 'File type not allowed; use JPEG, PNG or WebP';
    mockXhr(() => ({
      status: 415,
      body: { message, code: 'UNSUPPORTED_MEDIA', errors: [{ path: 'image', message }] },
    }));
    renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByLabelText('City');
    const photo = screen.getByRole('region', { name: 'Photo' });
    const input = photo.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['plain text'], 'fake.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(photo).findByRole('alert')).toHaveTextContent(message);

    await user.upload(input, new File(['other'], 'real.png', { type: 'image/png' }));
    expect(within(photo).queryByRole('alert')).toBeNull();
  });

  it('lets a user who is not verified yet edit their name', async () => {
    storeSession({ id: USER_ID, userType: 'user' });
    const profile = makeProfile({
      userType: 'user',
      role: 'user',
      KYC_verified: false,
      is_verified: false,
    });
    serveProfile(profile);
    renderApp('/profile');
    const first = await screen.findByLabelText(/First name/);
    expect(first).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Date of birth')).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/Checked with your ID/)).not.toBeInTheDocument();
  });

  it('keeps the name read-only while the Verified badge stays after a later rejection', async () => {
    storeSession({ id: USER_ID, userType: 'provider' });
    // A later submission was rejected: KYC_verified went, the admin's is_verified stayed.
    const profile = makeProfile({ KYC_verified: false, is_verified: true });
    serveProfile(profile);
    renderApp('/profile');
    expect(await screen.findByLabelText(/First name/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Last name/)).toHaveAttribute('readonly');
  });

  it.each([
    ['provider', true],
    ['user', false],
  ] as const)('asks a %s for a sitter-card headline: %s', async (userType, isAsked) => {
    storeSession({ id: USER_ID, userType });
    const profile = makeProfile({ userType, role: userType });
    serveProfile(profile);
    renderApp('/profile');
    expect(await screen.findByLabelText('City')).toHaveValue('Austin');
    const headline = screen.queryByRole('textbox', { name: 'Headline' });
    if (isAsked) {
      expect(headline).toHaveAccessibleDescription('One line shown on your sitter card');
    } else {
      expect(headline).not.toBeInTheDocument();
      expect(screen.queryByText(/sitter card/)).not.toBeInTheDocument();
    }
  });

  it('shows "Failed to fetch profile" when the profile cannot be loaded', async () => {
    storeSession({ id: USER_ID });
    mockFetch(() => ({ status: 500 }));
    renderApp('/profile');
    expect(await screen.findByText('Failed to fetch profile')).toBeInTheDocument();
  });

  it('says the fetch failed over a copy kept from earlier in the visit, and shows the copy', async () => {
    storeSession({ id: USER_ID });
    mockFetch(() => ({ status: 500 }));
    renderApp('/profile', {
      profile: { data: makeProfile({ city: 'Austin' }), loading: false, error: null },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch profile What is shown below was loaded earlier in this visit.',
    );
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
  });
});

describe('settings email notifications switch', () => {
  it('reads email_notification from the profile and toggles it with a multipart PUT', async () => {
    storeSession({ id: USER_ID });
    serveProfile(makeProfile());
    const xhrCalls = mockXhr(() => ({
      status: 200,
      body: { success: true, message: 'ok', data: makeProfile({ email_notification: false }) },
    }));
    renderApp('/Settings');
    const toggle = await screen.findByRole('switch', { name: /Email me about bookings/ });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Email notifications are off.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(xhrCalls).toHaveLength(1);
    expect(xhrCalls[0]).toMatchObject({ method: 'PUT', url: '/api/user/update-profile' });
    expect(entries(xhrCalls[0]!.body!)).toEqual({ email_notification: 'false' });
  });
});
