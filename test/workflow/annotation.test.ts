import { BATCH_UPDATE_CHUNK_SIZE } from '../../nodes/Affinda/actions/annotation/batchUpdate.operation';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/** Answers a batch update as the service does: the updated annotations, in its own order. */
function echoBatch(server: RecordingServer) {
	server.respondWith(({ body }) => ({
		body: [...(body as Array<Record<string, unknown>>)]
			.reverse()
			.map((annotation) => ({ ...annotation, isVerified: true, confidence: 0.9 })),
	}));
}

describe('Annotation → Update, on the wire', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer(({ body }) => ({ body: { id: 17, ...(body as object) } }));
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('PATCHes only the fields set, typed as the service expects', async () => {
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'update',
				id: 17,
				updateFields: {
					parsed: '1234.5',
					parsedType: 'number',
					raw: '$1,234.50',
					isClientVerified: true,
					pageIndex: 1,
					field: 'totalAmount',
					rectangles: '[{"pageIndex": 1, "x0": 10, "y0": 20, "x1": 110, "y1": 32}]',
				},
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests).toHaveLength(1);
		const [request] = server.requests;
		expect([request.method, request.path]).toEqual(['PATCH', '/v3/annotations/17']);
		expect(request.body).toEqual({
			parsed: 1234.5,
			raw: '$1,234.50',
			isClientVerified: true,
			pageIndex: 1,
			field: 'totalAmount',
			rectangles: [{ pageIndex: 1, x0: 10, y0: 20, x1: 110, y1: 32 }],
		});
		expect(output(AFFINDA_NODE_NAME)[0].pairedItem).toEqual({ item: 0 });
	});

	test.each([
		['text', 'Acme Pty Ltd', 'Acme Pty Ltd'],
		['boolean', 'false', false],
		['json', '{"city": "Sydney"}', { city: 'Sydney' }],
		['null', 'ignored', null],
	])('Parsed Value Type %s sends %j as %j', async (parsedType, parsed, expected) => {
		await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'update',
				id: 3,
				updateFields: { parsed, parsedType },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(server.requests[0].body).toEqual({ parsed: expected });
	});

	test.each([
		[
			{ id: 0, updateFields: { raw: 'x' } },
			'Parameter "Annotation ID" (id) is 0, but must be a whole number of 1 or more',
		],
		[
			{ id: 5, updateFields: {} },
			'Parameter "Update Fields" (updateFields) is {}, but must be at least one field to change',
		],
		[
			{ id: 5, updateFields: { parsed: 'ten', parsedType: 'number' } },
			'Parameter "Parsed Value" (parsed) is "ten", but must be a number',
		],
		[
			{ id: 5, updateFields: { pageIndex: -1 } },
			'Parameter "Page Index" (pageIndex) is -1, but must be a whole number of 0 or more',
		],
		[
			{ id: 5, updateFields: { rectangles: '[{"x0": 1}]' } },
			'Parameter "Rectangles" (rectangles) is "[{\\"x0\\": 1}]", but must be a JSON array of {"x0", "y0", "x1", "y1"} numbers, with an optional whole "pageIndex"',
		],
	])('bad input %j is refused before any request', async (parameters, message) => {
		const { error } = await runWorkflow(
			affindaWorkflow({ resource: 'annotation', operation: 'update', ...parameters }),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(`${message} [item 0]`);
		expect(server.requests).toHaveLength(0);
	});

	test("a service error keeps the service's detail", async () => {
		server.respondWith(() => ({
			status: 400,
			body: {
				type: 'validation_error',
				errors: [{ attr: 'parsed', code: 'invalid', detail: 'Not a valid date.' }],
			},
		}));
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'update',
				id: 9,
				updateFields: { parsed: 'soon' },
			}),
			{ credentials: affindaCredentials(server.url) },
		);
		expect(error()?.message).toBe(
			'Affinda rejected the request: parsed: Not a valid date. [item 0]',
		);
		expect(server.requests).toHaveLength(1); // an update is never re-sent
	});
});

describe('Annotation → Batch Update, on the wire', () => {
	let server: RecordingServer;
	beforeEach(async () => {
		server = await startRecordingServer();
		echoBatch(server);
	});
	afterEach(async () => await server.stop());
	afterAll(() => stopN8nCoreTimers());

	test('from the fields below: one request for all items, outputs paired by annotation ID', async () => {
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'batchUpdate',
				source: 'parameters',
				id: '={{ $json.annotationId }}',
				updateFields: { parsed: '={{ $json.value }}', isClientVerified: true },
			}),
			{
				credentials: affindaCredentials(server.url),
				input: [
					{ json: { annotationId: 11, value: 'Sydney' } },
					{ json: { annotationId: 12, value: 'Melbourne' } },
					{ json: { annotationId: 13, value: 'Perth' } },
				],
			},
		);
		expect(server.requests).toHaveLength(1);
		expect([server.requests[0].method, server.requests[0].path]).toEqual([
			'POST',
			'/v3/annotations/batch_update',
		]);
		expect(server.requests[0].body).toEqual([
			{ id: 11, parsed: 'Sydney', isClientVerified: true },
			{ id: 12, parsed: 'Melbourne', isClientVerified: true },
			{ id: 13, parsed: 'Perth', isClientVerified: true },
		]);
		// The service answered in reverse order; each output still pairs with its own item.
		expect(output(AFFINDA_NODE_NAME).map((item) => [item.json.id, item.pairedItem])).toEqual([
			[11, { item: 0 }],
			[12, { item: 1 }],
			[13, { item: 2 }],
		]);
	});

	test('from input item JSON: typed values pass as they are, other keys are left out', async () => {
		await runWorkflow(
			affindaWorkflow({ resource: 'annotation', operation: 'batchUpdate', source: 'inputItems' }),
			{
				credentials: affindaCredentials(server.url),
				input: [
					{ json: { id: 21, parsed: { amount: 10 }, confidence: 0.4, contentType: 'json' } },
					{ json: { id: '22', parsed: 7, isClientVerified: 'true' } },
				],
			},
		);
		expect(server.requests[0].body).toEqual([
			{ id: 21, parsed: { amount: 10 } },
			{ id: 22, parsed: 7, isClientVerified: true },
		]);
	});

	test(`chunks large batches at ${BATCH_UPDATE_CHUNK_SIZE} annotations per request`, async () => {
		const count = BATCH_UPDATE_CHUNK_SIZE * 2 + 5;
		const { output } = await runWorkflow(
			affindaWorkflow({ resource: 'annotation', operation: 'batchUpdate', source: 'inputItems' }),
			{
				credentials: affindaCredentials(server.url),
				input: Array.from({ length: count }, (_, n) => ({ json: { id: n + 1, raw: `v${n}` } })),
			},
		);
		expect(server.requests.map((r) => (r.body as unknown[]).length)).toEqual([
			BATCH_UPDATE_CHUNK_SIZE,
			BATCH_UPDATE_CHUNK_SIZE,
			5,
		]);
		const items = output(AFFINDA_NODE_NAME);
		expect(items).toHaveLength(count);
		expect(
			items.every(
				(item, n) => item.json.id === n + 1 && (item.pairedItem as { item: number }).item === n,
			),
		).toBe(true);
	});

	test('without Continue on Fail: a bad item stops the node before any request, naming its item', async () => {
		const { error } = await runWorkflow(
			affindaWorkflow({ resource: 'annotation', operation: 'batchUpdate', source: 'inputItems' }),
			{
				credentials: affindaCredentials(server.url),
				input: [
					{ json: { id: 1, raw: 'a' } },
					{ json: { id: -4, raw: 'b' } },
					{ json: { id: 3, raw: 'c' } },
				],
			},
		);
		expect(error()?.message).toBe(
			'Parameter "Annotation ID" (id) is -4, but must be a whole number of 1 or more [item 1]',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('Continue on Fail: a bad item goes to the error output, the others are still sent', async () => {
		const { run, output } = await runWorkflow(
			affindaWorkflow(
				{ resource: 'annotation', operation: 'batchUpdate', source: 'inputItems' },
				{ onError: 'continueErrorOutput' },
			),
			{
				credentials: affindaCredentials(server.url),
				input: [
					{ json: { id: 1, raw: 'a' } },
					{ json: { id: -4, raw: 'b' } },
					{ json: { id: 3, raw: 'c' } },
				],
			},
		);
		expect(run.status).toBe('success');
		expect(server.requests[0].body).toEqual([
			{ id: 1, raw: 'a' },
			{ id: 3, raw: 'c' },
		]);
		expect(output(AFFINDA_NODE_NAME, 0).map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 2 },
		]);
		const failed = output(AFFINDA_NODE_NAME, 1);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
		expect(failed[0].json.error).toBe(
			'Parameter "Annotation ID" (id) is -4, but must be a whole number of 1 or more [item 1]',
		);
	});

	test('a failed request fails every item of its chunk, each paired', async () => {
		server.respondWith(() => ({
			status: 403,
			body: {
				type: 'client_error',
				errors: [{ attr: null, code: 'permission_denied', detail: 'No access to this document.' }],
			},
		}));
		const { output } = await runWorkflow(
			affindaWorkflow(
				{ resource: 'annotation', operation: 'batchUpdate', source: 'inputItems' },
				{ onError: 'continueErrorOutput' },
			),
			{
				credentials: affindaCredentials(server.url),
				input: [{ json: { id: 1, raw: 'a' } }, { json: { id: 2, raw: 'b' } }],
			},
		);
		const failed = output(AFFINDA_NODE_NAME, 1);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(failed[0].json.error).toBe('Affinda refused access: No access to this document.');
	});
});
