import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { SHARE_DISTANCE_M, SHARE_INTERVAL_MS, shareLocationTexts } from '@spedycja/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PortalError, portalApi } from './portalApi.ts';

/** Metres between two points (haversine): enough to tell 1 km of movement. */
function metres(a: GeolocationCoordinates, b: { lat: number; lon: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.latitude);
  const dLon = rad(b.lon - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const consentKey = (token: string) => `share-location:${token}`;

/**
 * 'Udostępnij lokalizację' on the carrier's page (issue 39), loaded only when the order is running (its own chunk:
 * the page's 100 kB budget). With the carrier's consent it sends the phone's position every 5 minutes, or after 1 km
 * of movement, while the page is open; 'Jestem tutaj' sends one now. A browser stops a hidden page's timers and
 * position updates, so these are check-ins, as the page says. The consent is remembered for this link on this phone,
 * so that reopening the page resumes sharing; it stops once the order is unloaded (the server answers 409).
 */
export default function LocationSharing({
  token,
  language,
  unloaded,
}: {
  token: string;
  language: 'pl' | 'en';
  unloaded: boolean;
}) {
  const t = shareLocationTexts[language];
  const [consenting, setConsenting] = useState(false);
  const [sharing, setSharing] = useState(() => !unloaded && localStorage.getItem(consentKey(token)) === 'yes');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [refused, setRefused] = useState(false);
  // Unloaded: reported on this very page (its view changes while this stays mounted), or answered by the server.
  const stopped = unloaded || refused;
  const last = useRef<{ lat: number; lon: number; at: number } | null>(null);

  const send = useCallback(
    async (coords: GeolocationCoordinates) => {
      last.current = { lat: coords.latitude, lon: coords.longitude, at: Date.now() };
      try {
        await portalApi.position(token, {
          lat: coords.latitude,
          lon: coords.longitude,
          accuracy: Math.round(coords.accuracy),
          at: new Date().toISOString(),
        });
        const time = new Date().toLocaleTimeString(language === 'pl' ? 'pl-PL' : 'en-GB', {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        });
        setMessage({ ok: true, text: `${t.sent}: ${time}` });
      } catch (error) {
        const e = error as PortalError;
        if (e.status === 409) {
          setRefused(true);
          setSharing(false);
          localStorage.removeItem(consentKey(token));
          setMessage({ ok: true, text: t.unloaded });
        } else setMessage({ ok: false, text: e.detail ?? t.failed });
      }
    },
    [token, language, t],
  );

  const locate = useCallback(
    (force: boolean) => {
      if (!('geolocation' in navigator)) {
        setMessage({ ok: false, text: t.unavailable });
        return;
      }
      navigator.geolocation.getCurrentPosition(
        (p) => {
          if (force || !last.current || Date.now() - last.current.at >= SHARE_INTERVAL_MS) void send(p.coords);
        },
        (error) => setMessage({ ok: false, text: error.code === 1 ? t.denied : t.unavailable }),
        { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
      );
    },
    [send, t],
  );

  // The carrier's own 'Rozładowano' ends the sharing at once: no 'Udostępnij lokalizację' left under 'Rozładunek
  // zgłoszony', and the consent is forgotten.
  useEffect(() => {
    if (!unloaded) return;
    localStorage.removeItem(consentKey(token));
    if (sharing) {
      setSharing(false);
      setMessage({ ok: true, text: t.unloaded });
    }
  }, [unloaded, sharing, token, t]);

  useEffect(() => {
    if (!sharing || stopped || !('geolocation' in navigator)) return;
    locate(true);
    // Movement: a position 1 km from the last one sent goes at once.
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        const prev = last.current;
        if (!prev || metres(p.coords, prev) >= SHARE_DISTANCE_M || Date.now() - prev.at >= SHARE_INTERVAL_MS)
          void send(p.coords);
      },
      (error) => {
        if (error.code === 1) setMessage({ ok: false, text: t.denied });
      },
      { enableHighAccuracy: true, maximumAge: 60_000 },
    );
    // Standing still: one every 5 minutes while the page is open.
    const timer = window.setInterval(() => locate(false), SHARE_INTERVAL_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(timer);
    };
  }, [sharing, stopped, locate, send, t]);

  if (stopped && !message) return null;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="share-location-title">
      <Title order={2} size="h4" mb="sm" id="share-location-title">
        {t.title}
      </Title>
      <Stack gap="sm">
        {!stopped && !sharing && !consenting && (
          <Button mih={48} fullWidth onClick={() => setConsenting(true)}>
            {t.share}
          </Button>
        )}
        {!stopped && !sharing && consenting && (
          <>
            <Text size="sm" data-testid="share-consent">
              {t.consent}
            </Text>
            <Button
              mih={48}
              fullWidth
              onClick={() => {
                localStorage.setItem(consentKey(token), 'yes');
                setConsenting(false);
                setSharing(true);
              }}
            >
              {t.consentAccept}
            </Button>
          </>
        )}
        {!stopped && sharing && (
          <>
            <Text size="sm" fw={600} c="green.9">
              {t.sharing}
            </Text>
            <Button mih={48} fullWidth onClick={() => locate(true)}>
              {t.here}
            </Button>
            <Button
              mih={48}
              fullWidth
              variant="default"
              onClick={() => {
                localStorage.removeItem(consentKey(token));
                setSharing(false);
              }}
            >
              {t.stop}
            </Button>
          </>
        )}
        {!stopped && (
          <Text size="sm" c="dimmed">
            {t.hidden}
          </Text>
        )}
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
