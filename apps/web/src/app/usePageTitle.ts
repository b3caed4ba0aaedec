import { useEffect } from 'react';
import { appMessages } from './messages.ts';

/** 'Użytkownicy – Spedycja' in the browser tab. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – ${appMessages.appName}`;
    return () => {
      document.title = appMessages.appName;
    };
  }, [title]);
}
