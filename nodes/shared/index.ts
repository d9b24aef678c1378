/**
 * What every Affinda node shares, and all it may import from another node's world: sending
 * requests (the transport), the errors a bad parameter makes, resource locators, reading the
 * lists that fill dropdowns, the organization and workspace lists, and where documents live.
 * A node imports these from here, never from inside another node's folder, so that changing one
 * node cannot silently change another.
 */
export {
	DOCUMENT_EVENTS,
	documentIdentifier,
	documentState,
	eventItem,
	type AffindaEvent,
} from './documentEvents';
export { DOCUMENTS_PATH, documentPath, INDICES_PATH, pathSegment, TAGS_PATH } from './service';
export {
	documentKind,
	documentRow,
	kindOfExtractor,
	OUTPUT_PARAMETER,
	readOutput,
	readRowOptions,
	ROW_OPTIONS,
	type DocumentKind,
	type OutputChoice,
	type RowOptions,
} from './output';
export { describeValue, InvalidParameterError, withItem, withoutItem } from './errors';
export { describeAnswer, listFrom, unexpectedAnswer, type ListSource } from './listAnswers';
export {
	byName,
	namedEntries,
	searchDocumentTypes,
	searchOrganizations,
	searchWorkspaces,
	type NamedEntry,
} from './listSearch';
export { resourceLocator, triggerWorkspaceParameter } from './locator';
export { wholeNumberWithin } from './options';
export {
	affindaApiFileRequest,
	affindaApiRequest,
	affindaApiRequestAllPages,
	affindaApiRequestPagesUntil,
	CHECK_BEFORE_REPEATING,
	CREDENTIAL_TYPE,
	DEFAULT_TIMEOUT_SECONDS,
	disconnect,
	MultipartBody,
	PAGE_SIZE,
	type AffindaContext,
	type AffindaRequest,
	type FileAnswer,
	type FileSource,
	type MultipartPart,
	type RequestAdvice,
} from './transport';
