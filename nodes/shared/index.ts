/**
 * What every Affinda node shares, and all it may import from another node's world: sending
 * requests (the transport), reading parameters by kind and the error a bad one makes, resource
 * locators, reading the lists that fill dropdowns, the organization and workspace lists, and
 * where documents live.
 * A node imports these from here, never from inside another node's folder, so that changing one
 * node cannot silently change another. The triggers' event table (documentEvents.ts) is not
 * here: the triggers import it directly, so that the Affinda node's operations never load it.
 */
export { DOCUMENTS_PATH, documentPath, INDICES_PATH, pathSegment, TAGS_PATH } from './service';
export {
	documentKind,
	documentRow,
	documentShaper,
	metaOf,
	readDocumentShaper,
	parseFailureOf,
	simplifyDocument,
	type ParseFailure,
	kindOfExtractor,
	OUTPUT_PARAMETER,
	readOutput,
	readRowOptions,
	ROW_OPTIONS,
	TRIGGER_OUTPUT_PARAMETER,
	TRIGGER_ROW_OPTIONS,
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
export {
	boundsOf,
	choicesOf,
	invalid,
	isBlank,
	numberOf,
	parseJsonObject,
	readFlag,
	readIdentifier,
	readJsonObject,
	readNameList,
	readNumber,
	readOptionalChoice,
	readOptionalIdentifier,
	readOptionalText,
	readWholeNumber,
	wholeNumberWithin,
	type Bounds,
	type Parameter,
} from './readers';
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
	readRequestTimeoutMs,
	REQUEST_TIMEOUT,
	requestForItem,
	type AffindaContext,
	type AffindaRequest,
	type FileAnswer,
	type FileSource,
	type MultipartPart,
	type RequestAdvice,
} from './transport';
