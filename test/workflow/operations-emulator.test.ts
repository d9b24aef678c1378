import { startEmulator, type Emulator } from '../emulator';
import { runWorkflow, stopN8nCoreTimers } from '../helpers/n8n-in-process';
import {
	affindaCredentials,
	affindaWorkflow,
	AFFINDA_NODE_NAME,
} from '../helpers/in-process-workflow';

/**
 * Match detail, annotations and indices against the emulator, which validates bodies as the
 * service does and keeps state, so each change is read back through the service's own API.
 */
describe('Match detail, annotations and indices against the emulator', () => {
	let emulator: Emulator;
	const credentials = () => affindaCredentials(emulator.url, emulator.fixtures.key);
	const read = async (path: string) =>
		(await fetch(`${emulator.url}${path}`, {
			headers: { authorization: `Bearer ${emulator.fixtures.key}` },
		}).then((response) => response.json())) as Record<string, unknown>;

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 200, jobDescriptionCount: 20, seed: 11 });
	});
	beforeEach(() => emulator.clearReceived());
	afterAll(async () => {
		await emulator.stop();
		stopN8nCoreTimers();
	});

	test('Get Match Detail explains a seeded job description against a seeded resume', async () => {
		const [job] = emulator.fixtures.jobDescriptions;
		const [candidate] = emulator.fixtures.resumes;
		const { run, output } = await runWorkflow(
			affindaWorkflow({
				resource: 'jobDescription',
				operation: 'getMatchDetail',
				identifier: job.identifier,
				indices: [emulator.fixtures.indices.jobDescriptions],
				resume: candidate.identifier,
				criteria: { skills: { skillsWeight: 0.9 } },
			}),
			{ credentials: credentials() },
		);
		expect(run.status).toBe('success');
		expect(emulator.received.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				`/v2/job_description_search/details/${job.identifier}`,
				{
					indices: [emulator.fixtures.indices.jobDescriptions],
					resume: candidate.identifier,
					skillsWeight: 0.9,
				},
			],
		]);
		const [detail] = output(AFFINDA_NODE_NAME);
		expect(detail.pairedItem).toEqual({ item: 0 });
		expect(detail.json).toHaveProperty('jobTitle.value.match');
		expect(detail.json).toHaveProperty('skills.missing');
	});

	test('Annotation Update changes an invoice annotation, read back from the service', async () => {
		const [invoice] = emulator.fixtures.invoices;
		const id = invoice.annotationIds[0];
		const { run } = await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'update',
				id,
				updateFields: { raw: 'checked by a person', isClientVerified: true },
			}),
			{ credentials: credentials() },
		);
		expect(run.status).toBe('success');
		expect(emulator.received[0]).toMatchObject({
			method: 'PATCH',
			path: `/v3/annotations/${id}`,
			body: { raw: 'checked by a person', isClientVerified: true },
		});
		expect(await read(`/v3/annotations/${id}`)).toMatchObject({
			raw: 'checked by a person',
			isClientVerified: true,
		});
	});

	test('Annotation Batch Update sends every item in one request, each output paired', async () => {
		const [invoice] = emulator.fixtures.invoices;
		const ids = invoice.annotationIds.slice(0, 3);
		const { output } = await runWorkflow(
			affindaWorkflow({ resource: 'annotation', operation: 'batchUpdate', source: 'inputItems' }),
			{
				credentials: credentials(),
				input: ids.map((id) => ({ json: { id, isClientVerified: true } })),
			},
		);
		expect(emulator.received.map((r) => [r.method, r.path])).toEqual([
			['POST', '/v3/annotations/batch_update'],
		]);
		expect(output(AFFINDA_NODE_NAME).map((item) => [item.json.id, item.pairedItem])).toEqual(
			ids.map((id, item) => [id, { item }]),
		);
		for (const id of ids)
			expect(await read(`/v3/annotations/${id}`)).toMatchObject({ isClientVerified: true });
	});

	test("an annotation that does not exist: the service's 404, in words", async () => {
		const { error } = await runWorkflow(
			affindaWorkflow({
				resource: 'annotation',
				operation: 'update',
				id: 987654,
				updateFields: { raw: 'x' },
			}),
			{ credentials: credentials() },
		);
		expect(error()?.httpCode).toBe('404');
		expect(error()?.message).toMatch(/^Affinda found nothing at \/v3\/annotations\/987654/);
	});

	test('Index Add Document makes a resume findable in that index; adding it twice is refused', async () => {
		const index = emulator.fixtures.indices.newCandidates;
		const [candidate] = emulator.fixtures.resumes;
		const add = affindaWorkflow({
			resource: 'index',
			operation: 'addDocument',
			indexName: index,
			document: candidate.identifier,
		});
		const first = await runWorkflow(add, { credentials: credentials() });
		expect(first.output(AFFINDA_NODE_NAME)[0].json).toEqual({
			index,
			document: candidate.identifier,
		});

		const search = await runWorkflow(
			affindaWorkflow({
				resource: 'resume',
				operation: 'search',
				indices: [index],
				searchMode: 'custom',
				limit: 50,
			}),
			{ credentials: credentials() },
		);
		expect(search.output(AFFINDA_NODE_NAME).map((item) => item.json.identifier)).toEqual([
			candidate.identifier,
		]);

		const second = await runWorkflow(add, { credentials: credentials() });
		expect(second.error()?.httpCode).toBe('400');
		expect(second.error()?.message).toMatch(/^Affinda rejected the request: .*unique set/);
	});

	test('Index Get Many lists the indices of one document type', async () => {
		const { output } = await runWorkflow(
			affindaWorkflow({
				resource: 'index',
				operation: 'getMany',
				returnAll: true,
				filters: { document_type: 'resumes' },
			}),
			{ credentials: credentials() },
		);
		expect(emulator.received[0].query).toEqual({ document_type: 'resumes', limit: '100' });
		expect(
			output(AFFINDA_NODE_NAME)
				.map((item) => item.json.name)
				.sort(),
		).toEqual(
			[
				emulator.fixtures.indices.resumes,
				emulator.fixtures.indices.techResumes,
				emulator.fixtures.indices.newCandidates,
			].sort(),
		);
	});
});
