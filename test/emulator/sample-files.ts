/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals */
// The sample files in test/fixtures/: plain-text sources (edit those), and PDF/DOCX versions
// rendered from them by the emulator's own writers. Regenerate after editing a source:
//   npx tsc -p tsconfig.test.json && node node_modules/.cache/n8n-nodes-affinda-test/test/emulator/sample-files.js

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { writeDocx } from './parsing/docx';
import { writePdf } from './parsing/pdf';
import { fixturesDir } from './paths';

/** Named sample files, relative to test/fixtures/. */
export const SAMPLE_FILES = {
	resumeText: 'resumes/olivia-nguyen.txt',
	resumePdf: 'resumes/marcus-webb.pdf',
	resumeDocx: 'resumes/priya-raman.docx',
	nurseResumeText: 'resumes/daniel-okafor.txt',
	/** A whole career: a current position, one with only years, one with no end date, degrees, certifications. */
	careerResumeText: 'resumes/sofia-marin.txt',
	jobDescriptionText: 'job-descriptions/senior-backend-engineer.txt',
	jobDescriptionPdf: 'job-descriptions/senior-backend-engineer.pdf',
	invoiceText: 'invoices/invoice-1042.txt',
} as const;
export type SampleFileName = keyof typeof SAMPLE_FILES;

/** The rendered files and the text each comes from. */
export const RENDERED_SAMPLES: ReadonlyArray<{ file: string; source: string }> = [
	{ file: 'resumes/marcus-webb.pdf', source: 'resumes/marcus-webb.txt' },
	{ file: 'resumes/olivia-nguyen.pdf', source: 'resumes/olivia-nguyen.txt' },
	{ file: 'resumes/olivia-nguyen.docx', source: 'resumes/olivia-nguyen.txt' },
	{ file: 'resumes/priya-raman.docx', source: 'resumes/priya-raman.txt' },
	{
		file: 'job-descriptions/senior-backend-engineer.pdf',
		source: 'job-descriptions/senior-backend-engineer.txt',
	},
];

export function renderSample(file: string, source: string): Buffer {
	const text = readFileSync(join(fixturesDir(), source), 'utf8');
	const title =
		source
			.split('/')
			.pop()
			?.replace(/\.txt$/, '') ?? 'Document';
	return file.endsWith('.pdf') ? writePdf(text, title) : writeDocx(text);
}

export function sampleFilePaths(): Record<SampleFileName, string> {
	const root = fixturesDir();
	return Object.fromEntries(
		Object.entries(SAMPLE_FILES).map(([name, path]) => [name, join(root, path)]),
	) as Record<SampleFileName, string>;
}

if (require.main === module) {
	for (const { file, source } of RENDERED_SAMPLES) {
		writeFileSync(join(fixturesDir(), file), renderSample(file, source));
		process.stdout.write(`wrote test/fixtures/${file}\n`);
	}
}
