/**
 * Error answers of the service that the emulator gives and the tests expect, written once. The
 * index's refusal of a document it holds already is the service's own answer (affinda-python#4).
 */

export const ALREADY_IN_INDEX = {
	attr: 'non_field_errors',
	code: 'unique',
	detail: 'The fields document, index must make a unique set.',
} as const;

/** The whole 400 body of that refusal. */
export const ALREADY_IN_INDEX_BODY = {
	type: 'validation_error',
	errors: [ALREADY_IN_INDEX],
} as const;
