// The README's JSON blocks, found by reading README.md and the reference beside it (REFERENCE.md),
// and what kind of snippet each is: node parameters, a workflow, an Affinda Trigger item. test/unit/readme-snippets.test.ts holds each
// to the nodes' descriptions; test/workflow/readme-snippets.test.ts runs the node parameters
// against the emulator.
/* eslint-disable @n8n/community-nodes/no-restricted-imports */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { eventItem } from '../../nodes/shared/documentEvents';
import { educationItems, workHistoryItems } from '../../nodes/shared/output/cv';
import { jsonResumeOf } from '../../nodes/shared/output/jsonResume';
import { documentRow, JOB_DESCRIPTION_COLUMNS } from '../../nodes/shared/output/documentRows';
import { CUSTOM_TYPE_DOCUMENT, LEGACY_CV, NEXTGEN_CV } from '../fixtures/documents/same-cv';
import { parseResumeText } from '../emulator/parsing/resume-parser';
import { sampleFilePaths } from '../emulator/sample-files';
import { NODE_TYPES, problemsOf } from './node-parameters';
import { PACKAGE_NAME, PROJECT_ROOT } from './project-root';

export const AFFINDA = `${PACKAGE_NAME}.affinda`;

export interface Block {
	/** The document the block is in (README.md unless said). */
	file?: string;
	/** The line of that document the block's opening fence is on. */
	line: number;
	text: string;
}

/** Every fenced block marked json (or unmarked and holding a JSON object or list). */
export function jsonBlocks(markdown: string, file?: string): Block[] {
	const blocks: Block[] = [];
	const lines = markdown.split('\n');
	for (let index = 0; index < lines.length; index++) {
		const opening = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[index]);
		if (!opening) continue;
		const [, fence, language] = opening;
		const body: string[] = [];
		let end = index + 1;
		while (end < lines.length && !lines[end].trim().startsWith(fence)) body.push(lines[end++]);
		const text = body.join('\n');
		const unmarkedJson = language === '' && /^\s*[[{]/.test(text);
		if (/^json5?c?$/i.test(language) || unmarkedJson)
			blocks.push({ ...(file ? { file } : {}), line: index + 1, text });
		index = end;
	}
	return blocks;
}

export type Kind =
	| 'Affinda node parameters'
	| 'workflow'
	| 'Affinda Trigger item'
	| 'Flat Row samples'
	| 'Work History item'
	| 'Education item'
	| 'JSON Resume item';

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const isNodeParameters = (value: unknown) =>
	isObject(value) && typeof value.resource === 'string' && typeof value.operation === 'string';

/** What is wrong with one block, and what kind of snippet it was taken for. */
export function blockProblems({ file = 'README.md', line, text }: Block): {
	kind?: Kind;
	problems: string[];
	/** Node parameters, for a snippet of Affinda node parameters: one or a list. */
	parameters?: INodeParameters[];
} {
	const at = `${file}:${line}`;
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return { problems: [`${at}: not valid JSON (${(error as Error).message})`] };
	}
	const affinda = NODE_TYPES[AFFINDA];
	const parametersProblems = (parameters: unknown, where: string) =>
		problemsOf(
			{ type: AFFINDA, parameters: parameters as INodeParameters },
			affinda.defaultVersion,
		).map((problem) => `${where}: ${problem}`);

	if (isNodeParameters(json)) {
		return {
			kind: 'Affinda node parameters',
			problems: parametersProblems(json, at),
			parameters: [json as INodeParameters],
		};
	}
	if (Array.isArray(json) && json.length > 0 && json.every(isNodeParameters)) {
		return {
			kind: 'Affinda node parameters',
			problems: json.flatMap((parameters, n) => parametersProblems(parameters, `${at} [${n}]`)),
			parameters: json as INodeParameters[],
		};
	}
	const cvKind = isObject(json) ? cvSampleKind(json) : undefined;
	if (cvKind) return { kind: cvKind, problems: cvSampleProblems(cvKind, json as IDataObject, at) };
	if (Array.isArray(json) && json.length > 0 && json.every(isFlatRow)) {
		return { kind: 'Flat Row samples', problems: flatRowProblems(json as IDataObject[], at) };
	}
	if (isObject(json) && Array.isArray(json.nodes)) {
		const ours = (json.nodes as IDataObject[]).filter((node) =>
			String(node.type).startsWith(`${PACKAGE_NAME}.`),
		);
		return {
			kind: 'workflow',
			problems: ours.flatMap((node) => {
				const where = `${at} › ${String(node.name)}`;
				const type = NODE_TYPES[String(node.type)];
				if (!type) return [`${where}: ${String(node.type)} is no node of this package`];
				if (node.typeVersion !== type.defaultVersion) {
					return [`${where}: version ${String(node.typeVersion)}, not ${type.defaultVersion}`];
				}
				const parameters = (node.parameters ?? {}) as INodeParameters;
				return problemsOf({ type: String(node.type), parameters }, type.defaultVersion).map(
					(problem) => `${where}: ${problem}`,
				);
			}),
		};
	}
	if (isObject(json) && typeof json.event === 'string' && isObject(json.payload)) {
		const fields = Object.keys(
			eventItem({ event: json.event, id: 'e1', timestamp: 0, payload: json.payload }, true),
		);
		const shown = Object.keys(json);
		const missing = fields.filter((field) => !shown.includes(field));
		const unknown = shown.filter((field) => !fields.includes(field));
		return {
			kind: 'Affinda Trigger item',
			problems: [
				...missing.map((field) => `${at}: the trigger's item has "${field}", the snippet not`),
				...unknown.map((field) => `${at}: "${field}" is no field of the trigger's item`),
			],
		};
	}
	return {
		problems: [
			`${at}: JSON this test does not know (node parameters, a workflow, a trigger item): teach it`,
		],
	};
}

/** The README and the reference beside it, which holds each operation's examples. */
export const README_DOCUMENTS = ['README.md', 'REFERENCE.md'];

/** Every JSON block of the project's README.md and REFERENCE.md, with its kind and problems. */
export function readmeSnippets() {
	const blocks = README_DOCUMENTS.flatMap((file) =>
		jsonBlocks(readFileSync(join(PROJECT_ROOT, file), 'utf8'), file),
	);
	return blocks.map((block) => ({ block, ...blockProblems(block) }));
}

/** A Flat Row: an object with an `identifier`, and no node parameters. */
function isFlatRow(value: unknown): boolean {
	return isObject(value) && typeof value.identifier === 'string' && !('resource' in value);
}

/**
 * The README's sample rows are what the node makes: a resume row is the one the same CV gives in
 * every schema (test/fixtures/documents/same-cv.ts), a job description row has the table's
 * default columns, any other type's row is the custom type's.
 */
function flatRowProblems([resume, jobDescription, other]: IDataObject[], at: string): string[] {
	const problems: string[] = [];
	for (const document of [LEGACY_CV, NEXTGEN_CV]) {
		if (JSON.stringify(documentRow(document)) !== JSON.stringify(resume))
			problems.push(`${at}: the resume row is not what the node makes of the same CV`);
	}
	const columns = JOB_DESCRIPTION_COLUMNS.filter((c) => c.byDefault).map((c) => c.name);
	if (JSON.stringify(Object.keys(jobDescription ?? {})) !== JSON.stringify(columns))
		problems.push(`${at}: a job description row has the columns ${columns.join(', ')}`);
	if (JSON.stringify(documentRow(CUSTOM_TYPE_DOCUMENT)) !== JSON.stringify(other))
		problems.push(`${at}: the other type's row is not what the node makes of the custom type`);
	return problems;
}

/** A sample of Work History, Education or JSON Resume, by the fields only it has. */
function cvSampleKind(json: IDataObject): Kind | undefined {
	if ('basics' in json) return 'JSON Resume item';
	if ('employer' in json && 'position' in json) return 'Work History item';
	if ('institution' in json && 'position' in json) return 'Education item';
	return undefined;
}

/**
 * What the emulator makes of its career CV (test/fixtures/resumes/sofia-marin.txt), shaped by the
 * node: the README's samples must be one of these items, the identifier aside (the emulator's are
 * random). Positions and degrees whose months depend on today are not good samples.
 */
function cvSamples(kind: Kind): IDataObject[] {
	const text = readFileSync(sampleFilePaths().careerResumeText, 'utf8');
	const document = {
		extractor: 'resume',
		meta: { identifier: 'sample' },
		data: parseResumeText(text, 2026 * 12) as unknown as IDataObject,
	};
	if (kind === 'Work History item') return workHistoryItems(document);
	if (kind === 'Education item') return educationItems(document);
	return [jsonResumeOf(document)];
}

function withoutIdentifiers(json: IDataObject): string {
	return JSON.stringify(json, (key, value: unknown) =>
		key === 'identifier' || key === 'affindaIdentifier' || (key === 'months' && json.isCurrent)
			? undefined
			: value,
	);
}

function cvSampleProblems(kind: Kind, json: IDataObject, at: string): string[] {
	const shown = withoutIdentifiers(json);
	if (kind === 'JSON Resume item') {
		// A current position's months are left out of JSON Resume: nothing depends on today.
		return cvSamples(kind).some((item) => withoutIdentifiers(item) === shown)
			? []
			: [`${at}: the JSON Resume is not what the node makes of the emulator's career CV`];
	}
	return cvSamples(kind).some((item) => withoutIdentifiers(item) === shown)
		? []
		: [`${at}: the ${kind} is not one the node makes of the emulator's career CV`];
}
