import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusWhileBusy } from './keep-focus-while-busy';

// jsdom does not move the focus off a control being disabled as browsers do: blur() in the same
// task stands for that move (a focusout with no relatedTarget, as Chromium fires it). The browser
// suite checks the real thing (profile save).
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
async function disable(button: HTMLButtonElement) {
  button.blur();
  button.disabled = true;
  await settle(); // the action runs
}

describe('keepFocusWhileBusy', () => {
  let remove = () => {};
  afterEach(() => {
    remove();
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML = '<button id="save">Save</button><input id="other" />';
    remove = keepFocusWhileBusy();
    const save = document.getElementById('save') as HTMLButtonElement;
    const other = document.getElementById('other') as HTMLInputElement;
    return { save, other };
  }

  it('gives the focus back to a control once its busy spell ends', async () => {
    const { save } = page();
    save.focus();
    await disable(save);
    expect(document.activeElement).toBe(document.body);
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(save);
  });

  it('leaves the focus where the user or the screen put it meanwhile', async () => {
    const { save, other } = page();
    save.focus();
    await disable(save);
    other.focus();
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(other);
  });

  it('does not pull the focus back to a control left by moving on', async () => {
    const { save } = page();
    save.focus();
    save.blur();
    await settle();
    save.disabled = true;
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('does nothing for a control taken off the page while busy', async () => {
    const { save } = page();
    save.focus();
    await disable(save);
    save.remove();
    save.disabled = false;
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
