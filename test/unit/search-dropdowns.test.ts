import { startEmulator, type Emulator } from '../emulator';
import { emulatorHttp, loadOptionsContextWith } from '../helpers/load-options-context';
import {
	getAllIndices,
	getJobDescriptionIndices,
	getOccupationGroups,
	getResumeIndices,
} from '../../nodes/Affinda/methods/loadOptions';

describe('the index and occupation group lists, against the emulator', () => {
	let emulator: Emulator;
	const context = () => loadOptionsContextWith(emulator.url, emulatorHttp());

	beforeAll(async () => {
		emulator = await startEmulator({ resumeCount: 20, jobDescriptionCount: 2, seed: 3 });
	});
	beforeEach(() => emulator.clearReceived());
	afterAll(async () => await emulator.stop());

	test('resume indices, job description indices and all indices, by name', async () => {
		const { resumes, techResumes, newCandidates, jobDescriptions } = emulator.fixtures.indices;
		const option = (name: string) => ({ name, value: name });
		expect(await getResumeIndices.call(context())).toEqual(
			[resumes, newCandidates, techResumes].sort().map(option),
		);
		expect(await getJobDescriptionIndices.call(context())).toEqual([option(jobDescriptions)]);
		expect((await getAllIndices.call(context())).map((o) => o.value).sort()).toEqual(
			[resumes, techResumes, newCandidates, jobDescriptions].sort(),
		);
		expect(emulator.received.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v3/index', { document_type: 'resumes', limit: '100' }],
			['GET', '/v3/index', { document_type: 'job_descriptions', limit: '100' }],
			['GET', '/v3/index', { limit: '100' }],
		]);
	});

	test('occupation groups: the whole tree, each group after its parent, named with its parents and code', async () => {
		const options = await getOccupationGroups.call(context());
		expect(emulator.received.map((r) => r.path)).toEqual(['/v3/occupation_groups']);
		expect(options.length).toBeGreaterThan(10);
		for (const option of options) {
			expect(typeof option.value).toBe('number');
			expect(option.name).toBe(`${option.name.replace(/ \(\d+\)$/, '')} (${option.value})`);
		}
		// A child follows its parent and carries the parent's name before its own.
		for (const [index, option] of options.entries()) {
			const parent = option.name
				.replace(/ \(\d+\)$/, '')
				.split(' › ')
				.slice(0, -1)
				.join(' › ');
			if (parent === '') continue;
			const before = options.slice(0, index).map((o) => o.name.replace(/ \(\d+\)$/, ''));
			expect(before).toContain(parent);
		}
		expect(options.some((o) => o.name.includes(' › '))).toBe(true);
	});
});
