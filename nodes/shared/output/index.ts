/** Documents as flat rows: what Output → Flat Row hands over, for every node. */
export { COLUMNS, JOB_DESCRIPTION_COLUMNS, RESUME_COLUMNS, type Column } from './columns';
export { documentKind, kindOfExtractor, type DocumentKind } from './kind';
export {
	OUTPUT_PARAMETER,
	readOutput,
	readRowOptions,
	ROW_OPTIONS,
	TRIGGER_OUTPUT_PARAMETER,
	triggerDocumentParameters,
	type OutputChoice,
} from './outputProperties';
export { DEFAULT_ROW_OPTIONS, documentRow, type RowOptions } from './row';
export {
	documentShaper,
	metaOf,
	readDocumentShaper,
	parseFailureOf,
	simplifyDocument,
	type ParseFailure,
} from './parsedData';
