/**
 * Every way the web shows a day or a time: the house styles of ADR 0036, one definition with the
 * emails, SMS and bill PDFs the API writes, so a page says a day the way its email says it.
 * day '25 November 2026' · weekday 'Wednesday, 25 November 2026' (a delivery) ·
 * moment '25 November 2026, 4:51 pm' · time '4:51 pm'.
 */
export { formatSg, type SgDateStyle } from '@selfcare/domain';
