/* eslint-disable @n8n/community-nodes/no-restricted-imports -- reads the sample files */
/**
 * The intakes users build (issue 44), run in the real n8n real-n8n.test.ts starts, against its
 * emulator: a Google Drive folder (its trigger and download pinned, as n8n's own test data would
 * be; the sheet is where the run stops, with its input asserted), several CVs from a form against
 * one job description, and a zip of CVs through n8n's Compression node. Called inside that
 * file's describe of the examples, so the three share its n8n.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { IBinaryData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import type { RealN8n } from '../helpers/real-n8n/real-n8n';
import { executionError, outputItems } from '../helpers/real-n8n/run-data';
import {
	CV_BATCH_AGAINST_JOB,
	CV_DRIVE_FOLDER_INTAKE,
	CV_ZIP_INTAKE,
	importExample,
	type ExampleSetup,
} from './examples';
import { writeZip } from '../emulator/parsing/docx';

const RESUME_INDEX = 'all-resumes';

const MIME_TYPES: Record<string, string> = {
	pdf: 'application/pdf',
	txt: 'text/plain',
	md: 'text/markdown',
	zip: 'application/zip',
};

/** A file as n8n holds it on an item (pinned data carries it base64). */
function binaryOf(fileName: string, bytes: Buffer): IBinaryData {
	const fileExtension = fileName.split('.').pop() ?? '';
	return {
		data: bytes.toString('base64'),
		mimeType: MIME_TYPES[fileExtension] ?? 'application/octet-stream',
		fileName,
		fileExtension,
	};
}

const fileOf = (path: string) => binaryOf(basename(path), readFileSync(path));

export interface IntakeContext {
	n8n: RealN8n;
	emulator: Emulator;
	setup: ExampleSetup;
	/** An open role's job description, uploaded once. */
	openRole: string;
}

export function intakeExampleTests(context: () => IntakeContext): void {
	const uploads = () =>
		context().emulator.received.filter((r) => r.method === 'POST' && r.path === '/v3/documents');
	const adds = () =>
		context().emulator.received.filter(
			(r) => r.method === 'POST' && r.path === `/v3/index/${RESUME_INDEX}/documents`,
		);
	const inIndex = (identifier: unknown) =>
		context().emulator.store.requireIndex(RESUME_INDEX).members.has(String(identifier));

	test(`${CV_DRIVE_FOLDER_INTAKE}: each CV saved in the folder is parsed and in the index, its row reaches the sheet; run again with the same files: no new document, the same rows`, async () => {
		const { n8n, emulator, setup } = context();
		const example = await importExample(n8n.client, CV_DRIVE_FOLDER_INTAKE, setup);
		const paths = [
			emulator.fixtures.sampleFiles.resumeText,
			emulator.fixtures.sampleFiles.nurseResumeText,
		];
		// What the Drive Trigger and the download give: the file's metadata, then its bytes.
		const files = paths.map((path, k) => ({
			id: `1DriveCv${k}${Date.now()}`,
			name: basename(path),
			mimeType: 'text/plain',
		}));
		const pinned = {
			'New CV in the folder': files.map((file) => ({ json: file })),
			'Download the CV': files.map((file, k) => ({
				json: file,
				binary: { data: fileOf(paths[k]) },
			})),
		};
		const runs: IDataObject[][] = [];
		for (const round of [1, 2]) {
			emulator.clearReceived();
			const execution = await n8n.client.runManually(example.stored, example.trigger, pinned);
			// The sheet has no Google account here: the run stops there, with the rows as its input.
			expect(execution.data.resultData.lastNodeExecuted).toBe('Add to candidates sheet');
			const rows = outputItems(execution, 'Parse CV').map((item) => item.json);
			expect(rows.map((row) => row.fullName)).toEqual(['Olivia Nguyen', 'Daniel Okafor']);
			expect(rows.map((row) => [row.reused, row.indexed])).toEqual([
				[round === 2, [RESUME_INDEX]],
				[round === 2, [RESUME_INDEX]],
			]);
			for (const row of rows) expect(inIndex(row.identifier)).toBe(true);
			// Each CV added (the second time answered `unique`, which counts as indexed).
			expect(adds().map((r) => (r.body as IDataObject).document)).toEqual(
				rows.map((row) => row.identifier),
			);
			expect(uploads()).toHaveLength(round === 1 ? 2 : 0);
			runs.push(rows);
		}
		const withoutReused = (rows: IDataObject[]) =>
			rows.map((row) =>
				Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'reused')),
			);
		expect(withoutReused(runs[1])).toEqual(withoutReused(runs[0]));
		for (const file of files) {
			const made = emulator.store
				.allDocuments()
				.filter((doc) => doc.customIdentifier === `drive-${file.id}`);
			expect(made).toHaveLength(1);
		}
	});

	test(`${CV_BATCH_AGAINST_JOB}: four CVs from the form, each parsed into the index and scored against the job; the best three, best first, with score and matched skills`, async () => {
		const { n8n, emulator, setup, openRole } = context();
		const example = await importExample(n8n.client, CV_BATCH_AGAINST_JOB, setup);
		const samples = emulator.fixtures.sampleFiles;
		const paths = [
			samples.resumeText,
			samples.nurseResumeText,
			samples.careerResumeText,
			samples.resumePdf,
		];
		// The Form Trigger's item: its fields, and one binary per file of the multiple-file field.
		const submitted: INodeExecutionData = {
			json: {
				'Job description ID': openRole,
				submittedAt: new Date().toISOString(),
				formMode: 'test',
			},
			binary: Object.fromEntries(paths.map((path, k) => [`CVs_${k}`, fileOf(path)])),
		};
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [submitted],
		});
		expect(executionError(execution)).toBeUndefined();
		expect(execution.status).toBe('success');

		const parsed = outputItems(execution, 'Parse the CVs').map((item) => item.json);
		expect(parsed.map((row) => row.fullName)).toEqual([
			'Olivia Nguyen',
			'Daniel Okafor',
			'Sofia Marin',
			'Marcus Webb',
		]);
		expect(parsed.map((row) => row.indexed)).toEqual(parsed.map(() => [RESUME_INDEX]));
		for (const row of parsed) expect(inIndex(row.identifier)).toBe(true);
		expect(uploads()).toHaveLength(4);

		const matches = emulator.received.filter((r) => r.path === '/v2/resume_search/match');
		expect(matches.map((r) => r.query.resume)).toEqual(parsed.map((row) => row.identifier));
		expect(new Set(matches.map((r) => r.query.job_description))).toEqual(new Set([openRole]));
		const scores = outputItems(execution, 'Score against the job').map(
			(item, k) => [parsed[k].fullName, item.json.score] as [string, number],
		);
		const best = [...scores].sort((a, b) => b[1] - a[1]).slice(0, 3);

		const shortlist = outputItems(execution, 'Shortlist').map((item) => item.json);
		expect(shortlist.map((row) => [row.candidate, row.score])).toEqual(best);
		for (const row of shortlist) {
			expect(row).toEqual({
				candidate: expect.any(String),
				email: expect.any(String),
				score: expect.any(Number),
				matchedSkills: expect.any(String),
				resume: expect.any(String),
			});
			expect(parsed.find((cv) => cv.identifier === row.resume)?.fullName).toBe(row.candidate);
		}
	});

	test(`${CV_ZIP_INTAKE}: a zip of three CVs and a note, unzipped by Compression: one item per CV, the note left out`, async () => {
		const { n8n, emulator, setup } = context();
		const example = await importExample(n8n.client, CV_ZIP_INTAKE, setup);
		const samples = emulator.fixtures.sampleFiles;
		const cvs = [samples.resumeText, samples.nurseResumeText, samples.resumePdf];
		const zip = writeZip([
			...cvs.map((path) => ({ name: `cvs/${basename(path)}`, data: readFileSync(path) })),
			{ name: 'cvs/README.md', data: Buffer.from('Job fair, 12 March\n') },
		]);
		const execution = await n8n.client.runManually(example.stored, example.trigger, {
			[example.trigger]: [
				{
					json: { submittedAt: new Date().toISOString() },
					binary: { Zip_file: binaryOf('cvs.zip', zip) },
				},
			],
		});
		expect(executionError(execution)).toBeUndefined();
		const [unzipped] = outputItems(execution, 'Unzip');
		expect(
			Object.values(unzipped.binary ?? {})
				.map((file) => file.fileName)
				.sort(),
		).toEqual(['README.md', ...cvs.map((path) => basename(path))].sort());
		const rows = outputItems(execution, 'Parse each CV');
		expect(rows.map((item) => item.json.fullName).sort()).toEqual([
			'Daniel Okafor',
			'Marcus Webb',
			'Olivia Nguyen',
		]);
		expect(rows.map((item) => item.pairedItem)).toEqual(rows.map(() => ({ item: 0 })));
		expect(
			uploads()
				.map((r) => (r.body as { files?: { file?: { fileName?: string } } }).files?.file?.fileName)
				.sort(),
		).toEqual(cvs.map((path) => basename(path)).sort());
	});
}
