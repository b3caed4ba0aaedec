import { trackTexts } from '@spedycja/domain';
import { useEffect, useState } from 'react';
import { TrackViewCard } from './TrackView.tsx';
import { fetchTrack, type TrackFailure, type TrackView, trackTokenFromPath } from './trackApi.ts';
import './track.css';

/**
 * /t/{token}: the customer's tracking page (issue 37), Polish or English by the customer's language. A wrong,
 * expired or revoked link gets one Polish page with the brokerage's phone, and nothing else.
 */
export function TrackPage() {
  const [view, setView] = useState<TrackView | null>(null);
  const [failure, setFailure] = useState<TrackFailure | null>(null);
  useEffect(() => {
    const token = trackTokenFromPath(window.location.pathname);
    fetchTrack(token)
      .then((v) => {
        setView(v);
        document.documentElement.lang = v.language;
        document.title = `${trackTexts[v.language].title} ${v.number}`;
      })
      .catch((error: TrackFailure) => setFailure(error));
  }, []);
  if (failure) {
    const t = trackTexts.pl;
    return (
      <div className="trk">
        <main className="trk-main">
          <div className="trk-card trk-error" role="alert">
            <h1>{t.title}</h1>
            <p>{failure.status === 404 ? t.linkInvalid : (failure.detail ?? t.loadFailed)}</p>
            {failure.phone ? (
              <a className="trk-btn" href={`tel:${failure.phone.replace(/\s/g, '')}`}>
                {failure.phone}
              </a>
            ) : null}
          </div>
        </main>
      </div>
    );
  }
  return (
    <div className="trk">
      <main className="trk-main" aria-busy={view === null}>
        {view ? <TrackViewCard view={view} /> : <div className="trk-muted">…</div>}
      </main>
    </div>
  );
}
