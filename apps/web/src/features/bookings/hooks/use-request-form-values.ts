import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { useAppSelector } from '../../../app/hooks';
import {
  draftForAddress,
  initialRequestValues,
  searchPrefill,
  type RequestFormValues,
} from '../lib/request-form-model';
import { forgetTyping, rememberTyping, typedValues } from '../lib/request-form-typing';

/**
 * The request form's values at this address: a draft sent to checkout earlier, else what was
 * typed here before a reload (request-form-typing), else a fresh form. Every change the owner
 * makes through `update` is kept for a reload until `handOff` (the request goes on) or `reset`.
 */
export function useRequestFormValues(params: URLSearchParams) {
  const providerId = params.get('providerId');
  const address = params.toString();
  const draft = useAppSelector((state) => state.booking.draft);
  const [restoredFrom] = useState(() => {
    const saved = draftForAddress(draft, providerId, params);
    return saved
      ? initialRequestValues(saved, providerId, searchPrefill(params))
      : typedValues(address);
  });
  const [values, setValues] = useState<RequestFormValues>(
    () => restoredFrom ?? initialRequestValues(null, providerId, searchPrefill(params)),
  );
  // Filled in again: the form says so, with a way back to the fresh form.
  const [isRestored, setRestored] = useState(restoredFrom !== null);
  const isTyped = useRef(false);
  useEffect(() => {
    if (isTyped.current) rememberTyping(address, values);
  }, [address, values]);

  const update = useCallback((next: SetStateAction<RequestFormValues>) => {
    isTyped.current = true;
    setValues(next);
  }, []);
  const handOff = useCallback(() => {
    forgetTyping();
    isTyped.current = false;
  }, []);
  const reset = () => {
    handOff();
    setValues(initialRequestValues(null, providerId, searchPrefill(params)));
    setRestored(false);
  };
  return { values, update, isRestored, reset, handOff, address };
}
