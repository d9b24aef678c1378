/** The webhook trigger offers every event the service sends. */
export { DOCUMENT_EVENTS as TRIGGER_EVENTS } from '../shared';
