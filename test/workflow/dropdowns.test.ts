// The node's dropdowns, filled as n8n's editor backend fills them (real LoadOptionsContext, real
// HTTP), against a server that answers with something other than the list the service documents.
// The editor shows the thrown error's message in place of the options, so that message must say
// what went wrong; a TypeError from deep inside the node says nothing to the person looking at it.

import { affindaCredentials } from '../helpers/in-process-workflow';
import { listSearchInProcess, loadOptionsInProcess } from '../helpers/load-options-in-process';
import { stopN8nCoreTimers } from '../helpers/n8n-in-process';
import {
	startRecordingServer,
	type RecordingServer,
	type ScriptedResponse,
} from '../helpers/recording-server';

/** Answers that are not an array, each as the wire carries it. */
const NOT_A_LIST: Array<[string, ScriptedResponse]> = [
	['an empty object', { body: {} }],
	[
		'a page object',
		{ body: { count: 1, next: null, previous: null, results: [{ code: 1, name: 'Managers' }] } },
	],
	['an empty 204', { status: 204 }],
	['plain text', { text: 'Service is being upgraded' }],
	['a JSON string', { body: 'occupation groups' }],
	['a number', { body: 42 }],
];

let server: RecordingServer;
/** A dropdown of a node set to `resource` and `operation`. */
const dropdown = (resource = 'resume', operation = 'search') => ({
	credentials: affindaCredentials(server.url),
	parameters: { resource, operation },
});
const uploadDropdown = () => dropdown('document', 'upload');

beforeEach(async () => {
	server = await startRecordingServer();
});
afterEach(async () => await server.stop());
afterAll(() => stopN8nCoreTimers());

/** The error the dropdown rejects with: named, about the request, never a TypeError. */
async function dropdownError(load: Promise<unknown>): Promise<Error> {
	const error = await load.then(
		() => undefined,
		(thrown: unknown) => thrown as Error,
	);
	expect(error).toBeInstanceOf(Error);
	expect(error).not.toBeInstanceOf(TypeError);
	expect(error?.message).not.toMatch(/is not iterable|Cannot read properties|undefined/);
	return error as Error;
}

describe('occupation groups (Resume → Search → Occupation Group Names or IDs)', () => {
	test('a tree: every group in the order the service gives, each after its parent and named with it', async () => {
		server.respondWith(() => ({
			body: [
				{
					code: 2,
					name: 'Professionals',
					children: [{ code: 21, name: 'Science professionals', children: [] }],
				},
				{ code: 1, name: 'Managers', children: [] },
			],
		}));
		expect(await loadOptionsInProcess('getOccupationGroups', dropdown())).toEqual([
			{ name: 'Professionals (2)', value: 2 },
			{ name: 'Professionals › Science professionals (21)', value: 21 },
			{ name: 'Managers (1)', value: 1 },
		]);
		expect(server.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
			['GET', '/v3/occupation_groups', 'Bearer test-key'],
		]);
	});

	test.each(NOT_A_LIST)(
		'%s instead of a list: a message that names the request',
		async (_, answer) => {
			server.respondWith(() => answer);
			const error = await dropdownError(loadOptionsInProcess('getOccupationGroups', dropdown()));
			expect(error.message).toMatch(/occupation groups|occupation_groups/);
			expect(error.message).toContain('/v3/occupation_groups');
			expect(server.requests.length).toBeGreaterThan(0);
			expect(
				server.requests.every((r) => r.method === 'GET' && r.path === '/v3/occupation_groups'),
			).toBe(true);
		},
	);

	test.each([
		['an object', { code: 21, name: 'Science professionals' }],
		['null', null],
		['text', 'none'],
	])('a group whose children is %s: a message that names the group', async (_, children) => {
		server.respondWith(() => ({
			body: [
				{ code: 2, name: 'Professionals', children: [{ code: 21, name: 'Science', children }] },
			],
		}));
		const error = await dropdownError(loadOptionsInProcess('getOccupationGroups', dropdown()));
		expect(error.message).toContain('/v3/occupation_groups');
		expect(error.message).toContain('Science (21)');
		expect(error.message).toMatch(/children/);
	});

	test('a group that is not a group: a message, not a dropdown entry named "undefined"', async () => {
		server.respondWith(() => ({ body: [{ code: 1, name: 'Managers', children: [] }, 'Clerks'] }));
		const error = await dropdownError(loadOptionsInProcess('getOccupationGroups', dropdown()));
		expect(error.message).toContain('/v3/occupation_groups');
	});
});

describe('workspace and document type lists (Document → Upload)', () => {
	test.each(NOT_A_LIST)(
		'organizations answered with %s: a message, not an empty list',
		async (_, answer) => {
			server.respondWith(() => answer);
			const error = await dropdownError(listSearchInProcess('searchWorkspaces', uploadDropdown()));
			expect(error.message).toContain('/v3/organizations');
			expect(server.requests.every((r) => r.path === '/v3/organizations')).toBe(true);
		},
	);

	test.each(NOT_A_LIST)(
		'workspaces answered with %s: a message, not an empty list',
		async (_, answer) => {
			server.respondWith(({ path }) =>
				path === '/v3/organizations' ? { body: [{ identifier: 'orgA', name: 'Acme' }] } : answer,
			);
			const error = await dropdownError(listSearchInProcess('searchWorkspaces', uploadDropdown()));
			expect(error.message).toContain('/v3/workspaces');
		},
	);

	test.each(NOT_A_LIST)(
		'document types answered with %s: a message, not an empty list',
		async (_, answer) => {
			server.respondWith(() => answer);
			const error = await dropdownError(
				listSearchInProcess('searchDocumentTypes', uploadDropdown()),
			);
			expect(error.message).toContain('/v3/document_types');
		},
	);

	test('entries without an identifier: a message, not entries whose value is undefined', async () => {
		server.respondWith(() => ({ body: [{ name: 'Resume' }] }));
		const error = await dropdownError(listSearchInProcess('searchDocumentTypes', uploadDropdown()));
		expect(error.message).toContain('/v3/document_types');
	});
});

describe('document list (Document → Get, Delete, Update Data)', () => {
	test.each([
		['a list instead of a page', { body: [{ meta: { identifier: 'doc1' } }] }],
		['a page whose results are not a list', { body: { count: 1, next: null, results: {} } }],
		['an empty 204', { status: 204 }],
	] as Array<[string, ScriptedResponse]>)('%s: a message, not an empty list', async (_, answer) => {
		server.respondWith(() => answer);
		const error = await dropdownError(
			listSearchInProcess('searchDocuments', dropdown('document', 'get')),
		);
		expect(error.message).toContain('/v3/documents');
	});
});

describe('index lists (Resume → Search → Indices, Index → Add Document)', () => {
	test('an index without a name: a message, not an option named "undefined"', async () => {
		server.respondWith(() => ({
			body: {
				count: 2,
				next: null,
				previous: null,
				results: [{ name: 'all-resumes' }, { docType: 'resumes' }],
			},
		}));
		const error = await dropdownError(loadOptionsInProcess('getResumeIndices', dropdown()));
		expect(error.message).toContain('/v3/index');
	});
});
