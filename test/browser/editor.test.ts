/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The editor as a recruiter meets it: the real n8n 2.8.4 editor (test/n8n-runtime) with this package
// installed, in Debian's headless Chromium driven by playwright-core, against the local Affinda
// emulator. Each test does what a person does (search the node picker, add a node, open its panel,
// pick from lists, run a step) and checks what they see and what reached the service.
//
// Screenshots of every panel go to test/browser/artifacts/ (git-ignored). With
// AFFINDA_README_SCREENSHOTS=1 the few the README shows are refreshed in .github/screenshots/.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { startEmulator, type Emulator, type ReceivedRequest } from '../emulator';
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	AFFINDA_CREDENTIAL_TYPE,
	AFFINDA_NODE_TYPE,
	startRealN8n,
	type RealN8n,
} from '../helpers/real-n8n/real-n8n';
import { properties } from '../../nodes/Affinda/actions/resources';
import { PROJECT_ROOT } from '../n8n-runtime/paths';
import { ensureChromium } from './chromium';
import type { WorkflowJson } from '../helpers/real-n8n/n8n-client';
import { Editor, UI_TIMEOUT_MS } from './editor';

/** Installing n8n (minutes, once) or Chromium on a fresh machine, then starting both. */
const SETUP_TIMEOUT_MS = 20 * 60_000;
/** One person's task in the editor; generous, for a loaded 2-core machine. */
const TASK_TIMEOUT_MS = 5 * 60_000;
const API_KEY = 'browser-affinda-key';
const ARTIFACTS = join(PROJECT_ROOT, 'test', 'browser', 'artifacts');

let emulator: Emulator;
let n8n: RealN8n;
let editor: Editor;
let credential: { id: string; name: string };
/** Serves a sample CV over HTTP, for uploads from a URL (the emulator downloads it). */
let files: Server;
let cvUrl: string;

beforeAll(async () => {
	const chromiumPath = await ensureChromium();
	emulator = await startEmulator({ key: API_KEY, seed: 'browser', resumeCount: 200 });
	n8n = await startRealN8n();
	credential = await n8n.client.createCredential('Affinda (emulator)', AFFINDA_CREDENTIAL_TYPE, {
		apiKey: API_KEY,
		region: 'custom',
		baseUrl: emulator.url,
	});
	editor = await Editor.launch({ chromiumPath, n8n, artifactsDir: ARTIFACTS });
	const cv = readFileSync(emulator.fixtures.sampleFiles.resumePdf);
	files = createServer((_, response) => {
		response.writeHead(200, { 'content-type': 'application/pdf' }).end(cv);
	});
	await new Promise<void>((listening) => files.listen(0, '127.0.0.1', listening));
	cvUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/marcus-webb.pdf`;
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await new Promise((closed) => files?.close(closed));
	await editor?.close();
	await n8n?.stop();
	await emulator?.stop();
}, 60_000);

beforeEach(() => emulator.clearReceived());

describe('finding the node', () => {
	test.each(['parse', 'resume', 'CV'])(
		'the node picker lists Affinda for "%s"',
		async (term) => {
			await editor.newWorkflow();
			await editor.openNodePicker();
			const found = await editor.searchNodePicker(term, 'Affinda');
			await editor.screenshot(`node-picker-${term}`);
			expect(found).toContain('Affinda');
		},
		TASK_TIMEOUT_MS,
	);

	test.each(['resume', 'parse', 'CV'])(
		'an AI Agent\'s tool picker lists the Affinda tool for "%s"',
		async (term) => {
			await editor.openWorkflow(agentWorkflow());
			await editor.openToolPicker('AI Agent');
			const tool = 'Affinda Resume Search & CV Parser Tool';
			const found = await editor.searchNodePicker(term, tool);
			await editor.screenshot(`tool-picker-${term}`);
			expect(found).toContain(tool);
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'its actions start with the Resume actions (what recruiters do most), and the canvas names the action chosen',
		async () => {
			await editor.openWorkflow(triggeredWorkflow('Shortlist'));
			await editor.openNodePickerAfter('Start');
			await editor.searchNodePicker('Affinda', 'Affinda');
			const actions = await editor.nodeActions('Affinda');
			await editor.screenshot('node-actions');
			// Every operation of the registry, each once, in its order: resource by resource.
			expect(actions).toEqual(REGISTERED.map(({ action }) => action));
			// The Resume resource comes first; within it n8n's lint keeps the actions alphabetical
			// (node-param-options-type-unsorted-items), so Parse and Search follow the match actions.
			expect(actions.slice(0, 5)).toEqual([
				'Get match detail for a resume',
				'Get the match score of a resume and a job description',
				'Parse a resume',
				'Search resumes',
				'Suggest related skills or job titles',
			]);
			expect(actions).toContain('Update an annotation');
			expect(actions.indexOf('Upload and parse a document')).toBeLessThan(
				actions.indexOf('Update an annotation'),
			);

			await editor.chooseAction('Search resumes');
			await editor.closeNode();
			expect(await editor.nodeSubtitle('Search resumes')).toBe('Search resumes');
		},
		TASK_TIMEOUT_MS,
	);
});

/* ------------------------------------------------------------------ helpers */

/** The requests the emulator received, once `wanted` holds for them (they arrive a moment after a click). */
async function receivedWhen(
	wanted: (received: ReceivedRequest[]) => boolean,
	what: string,
): Promise<ReceivedRequest[]> {
	const deadline = Date.now() + UI_TIMEOUT_MS;
	while (!wanted(emulator.received)) {
		if (Date.now() > deadline) {
			const seen = emulator.received.map((r) => `${r.method} ${r.path}`).join(', ');
			throw new Error(`The emulator never received ${what}; it received: ${seen || 'nothing'}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return emulator.received;
}

/** The one request to `method path` once it has arrived. */
async function requestTo(method: string, path: string | RegExp): Promise<ReceivedRequest> {
	const matches = (r: ReceivedRequest) =>
		r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path));
	const received = await receivedWhen((all) => all.some(matches), `${method} ${path}`);
	return received.filter(matches)[0];
}

/** A new workflow with a Start trigger and, after it, an Affinda action added through the picker. */
async function newWorkflowWith(action: string): Promise<void> {
	await editor.openWorkflow(triggeredWorkflow(action));
	await addAffindaAction(action);
}

/** Adds an Affinda node after the Start trigger through the node picker, as a person does. */
async function addAffindaAction(action: string): Promise<void> {
	await editor.openNodePickerAfter('Start');
	await editor.searchNodePicker('Affinda', 'Affinda');
	await editor.nodeActions('Affinda');
	await editor.chooseAction(action);
}

/** The identifier of a list entry as the resource locator shows it, "Name (identifier)". */
const idOf = (entry: string) => /\((\w+)\)$/.exec(entry)?.[1] as string;

/** n8n refuses to run a node whose panel shows issues; it says so in a toast. */
async function refusedForIssues(): Promise<void> {
	await editor.page.getByText('Workflow has issues').first().waitFor();
}

/** An operation of the node, as the registry (nodes/Affinda/actions/resources.ts) describes it. */
interface RegisteredAction {
	/** As the node picker names it, and as n8n names the node it adds. */
	action: string;
	/** The Resource and Operation its panel shows. */
	resource: string;
	operation: string;
	/** The required parameters its panel shows at once, which only a person can fill: empty. */
	toFill: Array<{ name: string; type: string }>;
}

/** Parameter types a person types into or picks from (not switches, numbers or JSON). */
const FILLED_IN = ['string', 'options', 'multiOptions', 'resourceLocator'];

/** Shown for its resource and operation whatever else is set (not only in the tool, or one mode). */
function shownAtOnce(parameter: INodeProperties, resource: unknown, operation: unknown): boolean {
	const show = parameter.displayOptions?.show ?? {};
	return (
		!parameter.displayOptions?.hide &&
		Object.keys(show).sort().join() === 'operation,resource' &&
		Boolean(show.resource?.includes(resource as string)) &&
		Boolean(show.operation?.includes(operation as string))
	);
}

const holdsNothing = (value: unknown) =>
	value === '' ||
	(Array.isArray(value) && value.length === 0) ||
	(typeof value === 'object' && value !== null && (value as IDataObject).value === '');

/** Every operation of the registry, in its order: resource by resource, as the picker lists them. */
const REGISTERED: RegisteredAction[] = (
	properties.find((p) => p.name === 'resource')?.options as INodePropertyOptions[]
).flatMap((resource) => {
	const operation = properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
	) as INodeProperties;
	return (operation.options as INodePropertyOptions[]).map((option) => ({
		action: option.action ?? option.name,
		resource: resource.name,
		operation: option.name,
		toFill: properties
			.filter((p) => p.required && shownAtOnce(p, resource.value, option.value))
			.filter((p) => FILLED_IN.includes(p.type) && holdsNothing(p.default))
			.map(({ name, type }) => ({ name, type })),
	}));
});

/** Every criterion of Resume → Search, as the Add Criterion list names them, with its key. */
const CRITERIA: Array<[label: string, key: string]> = [
	['Custom Data', 'customData'],
	['Education', 'education'],
	['Job Titles', 'jobTitles'],
	['Languages', 'languages'],
	['Locations', 'locations'],
	['Management Level', 'managementLevel'],
	['Occupation Groups', 'occupationGroups'],
	['Search Expression', 'searchExpression'],
	['Skills', 'skills'],
	['Years of Experience', 'yearsExperience'],
];

/* -------------------------------------------------------- Resume → Search */

describe('Resume → Search', () => {
	test.each([
		['as listed', CRITERIA],
		['in reverse', [...CRITERIA].reverse()],
		[
			'interleaved',
			CRITERIA.filter((_, i) => i % 2 === 1).concat(CRITERIA.filter((_, i) => i % 2 === 0)),
		],
	])(
		'criteria added %s all stay, each with its Required switch and Weight beside its value',
		async (order, criteria) => {
			const id = await editor.openWorkflow(triggeredWorkflow(`Criteria ${order}`));
			await addAffindaAction('Search resumes');
			for (const [index, [label]] of criteria.entries()) {
				await editor.addCriterion(label);
				// Every criterion added so far is still there, with nothing typed into any of them.
				for (const [, key] of criteria.slice(0, index + 1)) {
					await expect(editor.criterionEntry(key).isVisible()).resolves.toBe(true);
				}
			}
			await editor.screenshot(`panel-resume-search-criteria-${order.replace(/ /g, '-')}`);
			// One place per criterion: Job Titles holds its value, Required and Weight together.
			for (const name of ['jobTitles', 'jobTitlesRequired', 'jobTitlesWeight']) {
				await expect(editor.parameter(name).isVisible()).resolves.toBe(true);
			}
			await editor.save();
			const stored = await editor.storedWorkflow(id, (workflow) => {
				const node = workflow.nodes.find((n) => n.name === 'Search resumes');
				return (
					Object.keys((node?.parameters as IDataObject)?.criteria ?? {}).length === criteria.length
				);
			});
			const node = stored.nodes.find((n) => n.name === 'Search resumes');
			expect(Object.keys((node?.parameters as IDataObject).criteria as IDataObject).sort()).toEqual(
				CRITERIA.map(([, key]) => key).sort(),
			);
			expect(node?.typeVersion).toBe(1); // new nodes get the default version
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'run as filled in: only what was typed or picked reaches the service, and the output is a table',
		async () => {
			await editor.openWorkflow(triggeredWorkflow('Shortlist engineers'));
			await addAffindaAction('Search resumes');
			await editor.choose('indices', emulator.fixtures.indices.resumes);
			await editor.addCriterion('Job Titles');
			await editor.fillText('jobTitles', 'Engineer');
			await editor.addCriterion('Skills');
			await editor.page
				.getByTestId('fixed-collection-skills')
				.getByTestId('fixed-collection-add')
				.click();
			await editor.fillText('name', 'Python');
			await editor.screenshot('panel-resume-search');
			// Added and left as they came: they must add nothing to the request.
			await editor.addCriterion('Years of Experience');
			await editor.addCriterion('Education');
			await editor.addCriterion('Locations');
			await editor.screenshot('panel-resume-search-untouched-criteria');
			await editor.executeStep();
			const search = await requestTo('POST', '/v2/resume_search');
			expect(search.body).toEqual({
				indices: [emulator.fixtures.indices.resumes],
				jobTitles: ['Engineer'],
				skills: [{ name: 'Python', required: false }],
			});
			expect(search.query).toEqual({ limit: '50', offset: '0' });
			const columns = await editor.outputTableHeaders();
			expect(columns.slice(0, 2)).toEqual(['fullName', 'score']);
			expect(columns).toEqual(
				expect.arrayContaining(['jobTitleScore', 'skillsScore', 'identifier']),
			);
			await editor.screenshot('output-table');

			// Against a job description picked from the list: its identifier, and no criteria values.
			emulator.clearReceived();
			await editor.choose('searchMode', 'Job Description');
			const picked = await editor.pickFromList('jobDescription');
			await editor.screenshot('panel-resume-search-job-description');
			await editor.executeStep();
			const matched = await requestTo('POST', '/v2/resume_search');
			expect(picked).toMatch(/\(\w+\)$/);
			expect(matched.body).toEqual({
				indices: [emulator.fixtures.indices.resumes],
				jobDescription: /\((\w+)\)$/.exec(picked)?.[1],
			});
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'a value out of bounds is named as the panel shows it, and nothing is sent',
		async () => {
			await editor.openWorkflow(
				triggeredWorkflow('Weighted skills', {
					name: 'Search resumes',
					type: AFFINDA_NODE_TYPE,
					typeVersion: 1,
					credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
					parameters: {
						resource: 'resume',
						operation: 'search',
						indices: [emulator.fixtures.indices.resumes],
						criteria: { skills: { skillsWeight: '={{ 1.5 }}' } },
					},
				}),
			);
			await editor.openNode('Search resumes');
			await editor.executeStep();
			const message = editor
				.outputPane()
				.getByText(
					'Parameter "Skills › Weight" (skillsWeight) is 1.5, but must be a number from 0 to 1',
				);
			await message.first().waitFor();
			await editor.screenshot('error-named-facet');
			expect(emulator.received.filter((r) => r.path === '/v2/resume_search')).toEqual([]);
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'an empty location is caught in the panel, and n8n runs nothing',
		async () => {
			await editor.openWorkflow(triggeredWorkflow('Somewhere'));
			await addAffindaAction('Search resumes');
			await editor.choose('indices', emulator.fixtures.indices.resumes);
			await editor.addCriterion('Locations');
			await editor.page
				.getByTestId('fixed-collection-locations')
				.getByTestId('fixed-collection-add')
				.click();
			const place = editor.parameter('place');
			await expect(
				place.getByTestId('parameter-input-field').getAttribute('title'),
			).resolves.toMatch(/has issues/);
			await editor.screenshot('panel-empty-location');
			await editor.executeStep();
			// n8n refuses a node with issues; were it run, the node would refuse the empty place itself.
			await editor.page
				.getByText(/Workflow has issues|Locations 1 › Place/)
				.first()
				.waitFor();
			await editor.screenshot('panel-empty-location-run');
			// Only the index list was loaded for the dropdown; no search was sent.
			expect(emulator.received.filter((r) => r.method !== 'GET')).toEqual([]);
		},
		TASK_TIMEOUT_MS,
	);
});

/* ------------------------------------------------------------ every panel */

describe('every panel', () => {
	/** What a panel must show besides what every panel shows, as it opens or once options are added. */
	const CHECKS: Record<string, () => Promise<void>> = {
		'Update an annotation': async () => {
			await editor.page.getByText('Add at least one field to change').first().waitFor();
		},
		'Upload and parse a document': async () => {
			for (const option of ['Use OCR', 'Reject Duplicates', 'Delete After Parse', 'Region Bias']) {
				await editor.addFromDropdown('Add option', option);
			}
			expect(await editor.chosen('useOcr')).toBe('As the Workspace Says');
			expect(await editor.chosen('rejectDuplicates')).toBe('As the Workspace Says');
			await editor.screenshot('panel-upload-options');
		},
		'Get many documents': async () => {
			for (const filter of ['Failed', 'Ready', 'Created', 'State']) {
				await editor.addFromDropdown('Add Filter', filter);
			}
			expect(await editor.chosen('failed')).toBe('Any');
			expect(await editor.chosen('ready')).toBe('Any');
			expect(await editor.chosen('created_dt')).toBe('Any Time');
			expect(await editor.chosen('state')).toBe('Any State');
			await editor.screenshot('panel-get-many-filters');
		},
	};

	test(
		'each action of the registry, added from the picker to one canvas, opens its panel on its operation with nothing preset that would reach the service',
		async () => {
			await editor.openWorkflow(triggeredWorkflow('Every panel'));
			const seen: string[] = [];
			for (const { action, resource, operation, toFill } of REGISTERED) {
				await editor.openNodePicker();
				await editor.searchNodePicker('Affinda', 'Affinda');
				await editor.nodeActions('Affinda');
				await editor.chooseAction(action);
				await editor.screenshot(`panel-${action.toLowerCase().replace(/[^a-z]+/g, '-')}`);
				const shown: IDataObject = {
					resource: await editor.chosen('resource'),
					operation: await editor.chosen('operation'),
				};
				for (const { name, type } of toFill) shown[name] = await editor.shownValue(name, type);
				expect({ action, ...shown }).toEqual({
					action,
					resource,
					operation,
					...Object.fromEntries(toFill.map(({ name }) => [name, ''])),
				});
				await CHECKS[action]?.();
				await editor.closeNode();
				// n8n names the node after the action, and the canvas names the action under it.
				await editor.zoomToFit();
				expect({ action, subtitle: await editor.nodeSubtitle(action) }).toEqual({
					action,
					subtitle: action,
				});
				// An empty field the service needs: n8n marks the node, and would refuse to run it.
				if (toFill.length > 0) await editor.nodeIssues(action).waitFor();
				seen.push(action);
			}
			expect(seen).toHaveLength(REGISTERED.length);
			expect(Object.keys(CHECKS).filter((action) => !seen.includes(action))).toEqual([]);
		},
		REGISTERED.length * 60_000,
	);

	test(
		'Annotation → Update as it comes: n8n refuses to run it, and no annotation changes',
		async () => {
			await newWorkflowWith('Update an annotation');
			await editor.executeStep();
			await refusedForIssues();
			expect(emulator.received.filter((r) => r.method === 'PATCH')).toEqual([]);
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Get Many with filters added and left as they come: no filter reaches the service',
		async () => {
			await newWorkflowWith('Get many documents');
			// Parsed Data, as when this test was written: a Flat Row asks for include_data as well.
			await editor.choose('output', 'Parsed Data');
			for (const filter of ['Failed', 'Ready', 'Created', 'State']) {
				await editor.addFromDropdown('Add Filter', filter);
			}
			await editor.executeStep();
			expect((await requestTo('GET', '/v3/documents')).query).toEqual({ limit: '50' });
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Upload shows Output, Flat Row by default; run from a link, the output table has one row of candidate columns; with options added and left as they come, only the link and workspace are sent',
		async () => {
			await newWorkflowWith('Upload and parse a document');
			expect(await editor.chosen('output')).toBe('Flat Row');
			await editor.choose('source', 'URL');
			await editor.fillText('url', cvUrl);
			await editor.pickFromList(
				'workspace',
				new RegExp(emulator.fixtures.workspaces.recruitment.name),
			);
			await editor.executeStep();
			expect(await editor.outputTableHeaders()).toEqual([
				'identifier',
				'fullName',
				'firstName',
				'lastName',
				'email',
				'phone',
				'city',
				'currentJobTitle',
				'totalYearsExperience',
				'skills',
			]);
			await editor.screenshot('output-flat-row');

			// The same panel with options added and left as they come: none of them is sent.
			emulator.clearReceived();
			for (const option of ['Use OCR', 'Reject Duplicates', 'Region Bias', 'Language']) {
				await editor.addFromDropdown('Add option', option);
			}
			await editor.executeStep();
			const upload = await requestTo('POST', '/v3/documents');
			expect((upload.body as { fields: IDataObject }).fields).toEqual({
				url: cvUrl,
				workspace: emulator.fixtures.workspaces.recruitment.identifier,
				wait: 'true',
			});
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Get Match Detail: job description and resume picked from lists reach the service',
		async () => {
			await newWorkflowWith('Get match detail for a job description');
			const jobDescription = await editor.pickFromList('identifier');
			await editor.choose('indices', emulator.fixtures.indices.jobDescriptions);
			const resume = await editor.pickFromList('resume');
			await editor.screenshot('panel-match-detail-picked');
			await editor.executeStep();
			const detail = await requestTo('POST', /^\/v2\/job_description_search\/details\//);
			expect(detail.path).toBe(`/v2/job_description_search/details/${idOf(jobDescription)}`);
			expect(detail.body).toEqual({
				indices: [emulator.fixtures.indices.jobDescriptions],
				resume: idOf(resume),
			});
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Index → Add Document: the document picked from the list reaches the service',
		async () => {
			await newWorkflowWith('Add a document to an index');
			await editor.choose('indexName', emulator.fixtures.indices.newCandidates);
			const document = await editor.pickFromList('document');
			await editor.executeStep();
			const added = await requestTo('POST', /^\/v3\/index\/.+\/documents$/);
			expect(added.path).toBe(`/v3/index/${emulator.fixtures.indices.newCandidates}/documents`);
			expect(added.body).toEqual({ document: idOf(document) });
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Document → Add Tag: a tag picked from its list, named with its workspace, reaches the service',
		async () => {
			const workspace = emulator.fixtures.workspaces.recruitment;
			const created = await fetch(`${emulator.url}/v3/tags`, {
				method: 'POST',
				headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
				body: JSON.stringify({ name: 'shortlisted', workspace: workspace.identifier }),
			});
			const tag = (await created.json()) as { id: number };
			await newWorkflowWith('Add a tag to documents');
			const document = await editor.pickFromList('identifier');
			const picked = await editor.pickFromList('tag', /shortlisted/);
			await editor.screenshot('panel-add-tag-picked');
			expect(picked).toBe(`shortlisted (${workspace.name})`);
			await editor.executeStep();
			const batch = await requestTo('POST', '/v3/documents/batch_add_tag');
			expect(batch.body).toEqual({ identifiers: [idOf(document)], tag: tag.id });
		},
		TASK_TIMEOUT_MS,
	);
});

/* ------------------------------------------------- a document's life after parsing */

describe('Document → Update', () => {
	test(
		'a collection picked from its list, for a document picked from its list, reaches the service',
		async () => {
			await newWorkflowWith('Update a document');
			const document = await editor.pickFromList('identifier');
			await editor.addFromDropdown('Add Field', 'Collection');
			const collection = await editor.pickFromList(
				'collection',
				new RegExp(emulator.fixtures.collections.resumes.name),
			);
			await editor.screenshot('panel-update-collection-picked');
			await editor.executeStep();
			const update = await requestTo('PATCH', /^\/v3\/documents\//);
			expect(update.path).toBe(`/v3/documents/${idOf(document)}`);
			expect(collection).toMatch(new RegExp(emulator.fixtures.collections.resumes.name));
			expect(update.body).toEqual({
				collection: emulator.fixtures.collections.resumes.identifier,
			});
		},
		TASK_TIMEOUT_MS,
	);
});

/* ------------------------------------------------- Search & Match both ways */

describe('Search & Match both ways', () => {
	test(
		'Job Description → Search: a resume picked from the list, run, the open jobs as a table',
		async () => {
			await newWorkflowWith('Search job descriptions');
			await editor.choose('indices', emulator.fixtures.indices.jobDescriptions);
			await editor.choose('searchMode', 'Resume');
			const resume = await editor.pickFromList('resume');
			await editor.screenshot('panel-job-description-search-resume');
			await editor.executeStep();
			const search = await requestTo('POST', '/v2/job_description_search');
			expect(search.body).toEqual({
				indices: [emulator.fixtures.indices.jobDescriptions],
				resume: idOf(resume),
			});
			expect(search.query).toEqual({ limit: '50', offset: '0' });
			const columns = await editor.outputTableHeaders();
			expect(columns.slice(0, 3)).toEqual(['jobTitle', 'organization', 'score']);
			expect(columns).toEqual(expect.arrayContaining(['skillsScore', 'identifier']));
			await editor.screenshot('output-job-description-search');
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Resume → Get Match Detail: a resume and the job description to explain it against, picked from lists',
		async () => {
			await newWorkflowWith('Get match detail for a resume');
			const resume = await editor.pickFromList('identifier');
			await editor.choose('indices', emulator.fixtures.indices.resumes);
			await editor.choose('searchMode', 'Job Description');
			const jobDescription = await editor.pickFromList('jobDescription');
			await editor.screenshot('panel-resume-match-detail-picked');
			await editor.executeStep();
			const detail = await requestTo('POST', /^\/v2\/resume_search\/details\//);
			expect(detail.path).toBe(`/v2/resume_search/details/${idOf(resume)}`);
			expect(detail.body).toEqual({
				indices: [emulator.fixtures.indices.resumes],
				jobDescription: idOf(jobDescription),
			});
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Resume → Get Match Score: both picked from lists; a weight added and left empty sends nothing',
		async () => {
			await newWorkflowWith('Get the match score of a resume and a job description');
			const resume = await editor.pickFromList('resume');
			const jobDescription = await editor.pickFromList('jobDescription');
			await editor.addFromDropdown('Add Weight', 'Skills');
			await editor.screenshot('panel-match-score-picked');
			await editor.executeStep();
			const score = await requestTo('GET', '/v2/resume_search/match');
			expect(score.query).toEqual({
				resume: idOf(resume),
				job_description: idOf(jobDescription),
			});
			const columns = await editor.outputTableHeaders();
			expect(columns.slice(0, 3)).toEqual(['resume', 'jobDescription', 'score']);
		},
		TASK_TIMEOUT_MS,
	);

	test(
		'Resume → Suggest: skills typed in go as repeated parameters, suggestions come back',
		async () => {
			await newWorkflowWith('Suggest related skills or job titles');
			await editor.fillText('skills', 'Python, SQL');
			await editor.executeStep();
			const suggestion = await requestTo('GET', '/v2/resume_search/suggestion_skill');
			expect(suggestion.query).toEqual({ skills: ['Python', 'SQL'] });
			const columns = await editor.outputTableHeaders();
			expect(columns).toEqual(expect.arrayContaining(['skills', 'suggestions']));
			await editor.screenshot('output-suggest');
		},
		TASK_TIMEOUT_MS,
	);
});

/* ------------------------------------------------------------------- AI tool */

describe('as an AI tool', () => {
	test(
		"the tool's search is ready for the model: job titles, skills, location and years from $fromAI",
		async () => {
			const workflow = agentWorkflow();
			workflow.nodes.push({
				id: 'tool',
				name: 'Search candidates',
				type: `${AFFINDA_NODE_TYPE}Tool`,
				typeVersion: 1,
				position: [260, 240],
				credentials: { [AFFINDA_CREDENTIAL_TYPE]: credential },
				parameters: { resource: 'resume', operation: 'search' },
			});
			(workflow.connections as IDataObject)['Search candidates'] = {
				ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]],
			};
			await editor.openWorkflow(workflow);
			await editor.openNode('Search candidates');
			// n8n shows a $fromAI default as a chip: the model fills the value when the agent calls.
			for (const name of ['jobTitles', 'skills', 'locations', 'yearsExperienceMin']) {
				await editor.parameterRow(name).getByText('Defined automatically by the').first().waitFor();
			}
			await editor.screenshot('panel-ai-tool');
		},
		TASK_TIMEOUT_MS,
	);
});

/** A workflow with only a Manual Trigger named Start, where a person adds the next step. */
function triggeredWorkflow(name: string, next?: IDataObject & { name: string; type: string }) {
	const start = {
		id: 'start',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	return {
		name,
		nodes: next ? [start, { id: 'next', position: [260, 0], ...next }] : [start],
		connections: next ? { Start: { main: [[{ node: next.name, type: 'main', index: 0 }]] } } : {},
		settings: { executionOrder: 'v1' },
	};
}

/** A chat-triggered AI Agent with nothing connected yet, as n8n's template starts one. */
function agentWorkflow(): WorkflowJson {
	return {
		name: 'Recruiting assistant',
		nodes: [
			{
				id: 'chat',
				name: 'When chat message received',
				type: '@n8n/n8n-nodes-langchain.chatTrigger',
				typeVersion: 1.1,
				position: [0, 0],
				webhookId: '5f0e5b9c-7a51-4f3e-9a55-3c0e9a8d2b11',
				parameters: {},
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 2.2,
				position: [260, 0],
				parameters: {},
			},
		],
		connections: {
			'When chat message received': {
				main: [[{ node: 'AI Agent', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}
