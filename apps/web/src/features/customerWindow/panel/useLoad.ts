import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/apiClient.ts';

/** Reads once per `key` (a screen's filter), dropping an answer that arrives after the key changed. */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const loader = useRef(load);
  loader.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what asks for a new read
  useEffect(() => {
    let live = true;
    setState({});
    loader
      .current()
      .then((data) => live && setState({ data }))
      .catch((e) => live && setState({ error: isApiError(e) ? (e.detail ?? e.message) : String(e) }));
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
