import { isSettled, parseFailureOf } from '../../nodes/Affinda/actions/document/document';
import { simplifyDocument } from '../../nodes/shared/output/output';
import {
	documentAnswer,
	failedAnswer,
	pendingAnswer,
	simplified,
} from '../helpers/document-answers';

describe('a document answer', () => {
	test('a parsed document has not failed, though the service sends an empty error object', () => {
		const parsed = documentAnswer('docA');
		expect(parsed.error).toEqual({ errorCode: null, errorDetail: null });
		expect(parseFailureOf(parsed)).toBeUndefined();
		expect(isSettled(parsed)).toBe(true);
	});

	test('a document still being parsed is not settled', () => {
		expect(isSettled(pendingAnswer('docA'))).toBe(false);
	});

	test.each([
		[
			'meta.failed with error',
			failedAnswer('docA', 'file_corrupted', 'Bad file.'),
			'file_corrupted',
			'Bad file.',
		],
		[
			'an error object only',
			documentAnswer('docA', {
				meta: { ready: false },
				error: { errorCode: 'no_text_found', errorDetail: null },
			}),
			'no_text_found',
			null,
		],
		[
			'meta.failed alone',
			documentAnswer('docA', { meta: { failed: true }, error: undefined }),
			null,
			null,
		],
		[
			'the code and detail on meta only',
			documentAnswer('docA', {
				meta: { failed: true, errorCode: 'parse_terminated', errorDetail: 'Stopped.' },
				error: undefined,
			}),
			'parse_terminated',
			'Stopped.',
		],
	])('has failed when it has %s', (_, answer, errorCode, errorDetail) => {
		expect(parseFailureOf(answer)).toEqual({ errorCode, errorDetail });
		expect(isSettled(answer)).toBe(true);
	});
});

describe('Parsed Data', () => {
	test('keeps at most ten fields: the metadata to route on, and the data', () => {
		const output = simplifyDocument(documentAnswer('docA'));
		expect(output).toEqual(simplified('docA'));
		expect(Object.keys(output).length).toBeLessThanOrEqual(10);
	});

	test('a failed document shows why instead of data', () => {
		const output = simplifyDocument(failedAnswer('docA', 'password_protected', 'Locked.'));
		expect(output.failed).toBe(true);
		expect(output.error).toEqual({ errorCode: 'password_protected', errorDetail: 'Locked.' });
		expect(output).not.toHaveProperty('data');
	});

	test('a list entry without data, or a sparse answer, still has every field', () => {
		expect(simplifyDocument({ extractor: 'invoice', meta: { identifier: 'docB' } })).toEqual({
			identifier: 'docB',
			customIdentifier: null,
			fileName: null,
			extractor: 'invoice',
			documentType: null,
			workspace: null,
			ready: false,
			failed: false,
			reviewUrl: null,
			data: null,
		});
	});
});
