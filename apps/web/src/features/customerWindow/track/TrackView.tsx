import {
  formatInstant,
  formatMoney,
  formatWallClock,
  formatWallClockDay,
  TRACK_STATUSES,
  type TrackLanguage,
  trackTexts,
} from '@spedycja/domain';
import type { TrackInvoice, TrackPlace, TrackView as View } from './trackApi.ts';

/** 'DD/MM/YYYY' of a wall-clock date (the order's dates are kept as the place's time). */
const day = (value: string | null) => (value ? formatWallClockDay(value) : '—');

function Place({ title, place, lang }: { title: string; place: TrackPlace; lang: TrackLanguage }) {
  const t = trackTexts[lang];
  return (
    <section className="trk-card" aria-label={title}>
      <h2>{title}</h2>
      <div>
        {[place.postalCode, place.city].filter(Boolean).join(' ')}
        {place.country ? `, ${place.country}` : ''}
      </div>
      {place.streetAddress ? <div className="trk-muted">{place.streetAddress}</div> : null}
      <div className="trk-muted">
        {t.planned}: <span data-testid={`${title}-date`}>{day(place.date)}</span>
      </div>
    </section>
  );
}

function invoiceBadge(invoice: TrackInvoice, lang: TrackLanguage) {
  const t = trackTexts[lang];
  if (invoice.status === 'zaplacona') return <span className="trk-badge ok">{t.paid}</span>;
  if (invoice.status === 'po_terminie') return <span className="trk-badge late">{t.overdue}</span>;
  if (invoice.status === 'czesciowo') return <span className="trk-badge">{t.partlyPaid}</span>;
  return <span className="trk-badge">{t.unpaid}</span>;
}

/**
 * What the customer sees of one order (issue 37): status, route and dates, the times reported, the vehicle when
 * allowed, the released documents and the order's invoices. The tracking page and the panel's order view both show it.
 */
export function TrackViewCard({ view }: { view: View }) {
  const lang = view.language;
  const t = trackTexts[lang];
  const reached = TRACK_STATUSES.indexOf(view.status);
  return (
    <>
      <header className="trk-card">
        <div className="trk-muted">{view.brokerage.name}</div>
        <h1>
          {t.order} {view.number}
        </h1>
        <div className="trk-status" data-testid="track-status">
          {t.statuses[view.status]}
        </div>
        <ol className="trk-steps" aria-hidden="true">
          {TRACK_STATUSES.map((s, i) => (
            <li key={s} className={i <= reached ? 'done' : ''} />
          ))}
        </ol>
        {view.cargo ? (
          <div className="trk-muted" style={{ marginTop: 8 }}>
            {t.cargo}: {view.cargo}
          </div>
        ) : null}
      </header>
      <div className="trk-route">
        <Place title={t.loading} place={view.route.loading} lang={lang} />
        <Place title={t.unloading} place={view.route.unloading} lang={lang} />
      </div>
      {view.whereabouts ? (
        <section className="trk-card" aria-label={t.whereabouts} data-testid="track-whereabouts">
          <h2>{t.whereabouts}</h2>
          {view.whereabouts.town ? (
            <p>
              {t.near(view.whereabouts.town)} ({formatInstant(view.whereabouts.at)})
            </p>
          ) : null}
          <p>
            {t.eta}: {formatInstant(view.whereabouts.eta.at)} — {t.etaStatuses[view.whereabouts.eta.status]}
          </p>
        </section>
      ) : null}
      {view.timeline.length > 0 ? (
        <section className="trk-card" aria-label={t.timeline}>
          <h2>{t.timeline}</h2>
          <ul className="trk-list">
            {view.timeline.map((e) => (
              <li key={e.type} className="trk-row">
                <span>{t.events[e.type] ?? e.type}</span>
                <span className="trk-muted">{e.by === 'carrier' ? formatWallClock(e.at) : formatInstant(e.at)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.vehicle ? (
        <section className="trk-card" aria-label={t.vehicle}>
          <h2>{t.vehicle}</h2>
          <ul className="trk-list">
            {view.vehicle.truckPlate ? (
              <li className="trk-row">
                <span>{t.truck}</span>
                <strong>{view.vehicle.truckPlate}</strong>
              </li>
            ) : null}
            {view.vehicle.trailerPlate ? (
              <li className="trk-row">
                <span>{t.trailer}</span>
                <strong>{view.vehicle.trailerPlate}</strong>
              </li>
            ) : null}
            {view.vehicle.driverFirstName ? (
              <li className="trk-row">
                <span>{t.driver}</span>
                <span>
                  {view.vehicle.driverFirstName}
                  {view.vehicle.driverPhone ? (
                    <>
                      {' · '}
                      <a href={`tel:${view.vehicle.driverPhone.replace(/\s/g, '')}`}>{view.vehicle.driverPhone}</a>
                    </>
                  ) : null}
                </span>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
      <section className="trk-card" aria-label={t.documents}>
        <h2>{t.documents}</h2>
        {view.documents.length === 0 ? (
          <div className="trk-muted">{t.noDocuments}</div>
        ) : (
          <ul className="trk-list">
            {view.documents.map((d) => (
              <li key={d.uuid} className="trk-row">
                <span>
                  <span className="trk-badge">{t.kinds[d.kind] ?? d.kind}</span> {d.fileName}
                </span>
                <a className="trk-btn" href={d.url} download={d.fileName}>
                  {t.download}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="trk-card" aria-label={t.invoices}>
        <h2>{t.invoices}</h2>
        {view.invoices.length === 0 ? (
          <div className="trk-muted">{t.noInvoices}</div>
        ) : (
          <ul className="trk-list">
            {view.invoices.map((i) => (
              <li key={i.uuid} className="trk-row">
                <span>
                  <strong>{i.number}</strong> {formatMoney(i.totalGross, i.currency)} {invoiceBadge(i, lang)}
                  <div className="trk-muted">
                    {t.due}: {i.paymentDate ? day(i.paymentDate) : '—'}
                  </div>
                </span>
                <a className="trk-btn" href={i.url}>
                  PDF
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {view.brokerage.phone ? (
        <footer className="trk-card trk-row">
          <span>{t.contact}</span>
          <a className="trk-btn" href={`tel:${view.brokerage.phone.replace(/\s/g, '')}`}>
            {view.brokerage.phone}
          </a>
        </footer>
      ) : null}
    </>
  );
}
