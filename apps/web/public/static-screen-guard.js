// Runs before the static copy of a signed-in screen (src/features/sitters/screens/
// static-pet-sitters.html) is parsed: without a session in this tab the app goes to /login, so the
// copy stays hidden instead of showing a screen the visitor will not get.
if (!globalThis.sessionStorage.getItem('authToken'))
  globalThis.document.documentElement.classList.add('no-session');
