/* eslint-disable @n8n/community-nodes/no-restricted-imports */
// The seeded data (deterministic), the file readers and writers, the parser, and search
// expressions. How fast the emulator generates and searches is measured by `npm run bench`, never
// asserted here: a test must not depend on how fast the machine is.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { monthIndex } from './data/normalise';
import { generateResumes } from './data/generator';
import { startEmulator } from './index';
import { readDocxText, writeDocx } from './parsing/docx';
import { extractText } from './parsing/extract-text';
import { parseMultipart } from './parsing/multipart';
import { readPdfText, writePdf } from './parsing/pdf';
import { parseResumeText } from './parsing/resume-parser';
import { compileSearchExpression, containsTerm } from './ranking/search-expression';
import { fixturesDir } from './paths';
import { RENDERED_SAMPLES, renderSample } from './sample-files';
import { Store, DEFAULT_REFERENCE_MONTH } from './store';
import { clientFor } from './test-client';

const storeOf = (seed: number | string, resumeCount: number) =>
	new Store({
		seed,
		resumeCount,
		jobDescriptionCount: 5,
		invoiceCount: 1,
		referenceMonth: DEFAULT_REFERENCE_MONTH,
	});

describe('seeded data', () => {
	it('is the same for the same seed and different for another', () => {
		const snapshot = (store: Store) =>
			store.allDocuments().map((d) => [d.identifier, JSON.stringify(d.data)]);
		expect(snapshot(storeOf(42, 60))).toEqual(snapshot(storeOf(42, 60)));
		expect(snapshot(storeOf(43, 60))).not.toEqual(snapshot(storeOf(42, 60)));
		expect(snapshot(storeOf('42', 60))).toEqual(snapshot(storeOf('42', 60)));
	});

	it('keeps job description identifiers whatever the resume count', () => {
		const jds = (store: Store) =>
			store
				.allDocuments()
				.filter((d) => d.extractor === 'job-description')
				.map((d) => d.identifier);
		expect(jds(storeOf(1, 10))).toEqual(jds(storeOf(1, 500)));
	});

	it('looks like resumes: varied occupations, places, seniority, languages, education', () => {
		const resumes = generateResumes({ seed: 1, referenceMonth: DEFAULT_REFERENCE_MONTH }, 500);
		const distinct = (f: (r: (typeof resumes)[number]) => unknown) => new Set(resumes.map(f)).size;
		expect(distinct((r) => r.workExperience[0]?.socCode)).toBeGreaterThan(20);
		expect(distinct((r) => r.location?.city)).toBeGreaterThan(25);
		expect(new Set(resumes.map((r) => r.workExperience[0]?.occupation.managementLevel))).toEqual(
			new Set(['None', 'Low', 'Mid', 'Upper']),
		);
		expect(distinct((r) => r.education[0]?.accreditation?.educationLevel)).toBe(5);
		expect(
			resumes.every(
				(r) =>
					r.languages.length > 0 && r.skills.length >= 5 && r.emails[0].endsWith('@example.com'),
			),
		).toBe(true);
		expect(
			resumes.every(
				(r) => typeof r.isAvailable === 'boolean' && typeof r.expectedSalary === 'number',
			),
		).toBe(true);
	});

	it('generates 10,000 resumes by default and searches them all with every criterion', async () => {
		const emulator = await startEmulator();
		try {
			expect(emulator.stats.resumeCount).toBe(10_000);
			const api = clientFor(emulator);
			const body = {
				indices: ['all-resumes'],
				jobTitles: ['Data Scientist'],
				skills: [{ name: 'Python' }, { name: 'SQL', required: true }],
				languages: [{ name: 'English' }],
				locations: [{ name: 'Sydney', distance: 100, unit: 'km' }],
				yearsExperienceMin: 2,
				yearsExperienceMax: 10,
				highestDegreeTypes: ['masters', 'doctoral'],
				socCodes: [2425],
				managementLevel: 'Low',
				searchExpression: '"machine learning" OR pandas',
				customData: [{ filterType: 'equals', dataPoint: 'isAvailable', query: { value: true } }],
			};
			const answer = await api.post('/v2/resume_search?limit=50', body);
			expect(answer.status).toBe(200);
			expect(answer.body.results).toHaveLength(50);
			// The body comes back as sent, the results best first, and the required skill filters.
			expect(Object.keys(answer.body.parameters).sort()).toEqual(Object.keys(body).sort());
			const scores = answer.body.results.map((r: { score: number }) => r.score);
			expect(scores).toEqual([...scores].sort((a, b) => b - a));
			expect(answer.body.count).toBeGreaterThanOrEqual(50);
			expect(answer.body.count).toBeLessThan(10_000);
			// The same body asked again answers the same: ranking is deterministic.
			expect((await api.post('/v2/resume_search?limit=50', body)).body).toEqual(answer.body);
		} finally {
			await emulator.stop();
		}
	});
});

describe('files', () => {
	it('writes PDFs and DOCX files whose text reads back', () => {
		const text = 'JANE CITIZEN\nSenior Engineer (Sydney) – café \\ 100%\n\nSKILLS\nPython, Go';
		expect(readPdfText(writePdf(text))).toBe(text.replace('–', '?').replace('\n\n', '\n'));
		expect(readDocxText(writeDocx(text))).toBe(text);
		const long = Array.from({ length: 120 }, (_, i) => `Line ${i + 1}`).join('\n');
		expect(readPdfText(writePdf(long)).split('\n')).toHaveLength(120);
		// A composite-font PDF would read as junk: it reads as no text instead.
		const composite = Buffer.from(
			writePdf('Hello')
				.toString('latin1')
				.replace('/Subtype /Type1 /BaseFont /Helvetica ', '/Subtype /Type0 /BaseFont /Helvetica '),
			'latin1',
		);
		expect(readPdfText(composite)).toBe('');
	});

	it.each(RENDERED_SAMPLES.map((s) => [s.file, s.source]))(
		'test/fixtures/%s is the rendering of %s',
		(file, source) => {
			expect(readFileSync(join(fixturesDir(), file))).toEqual(renderSample(file, source));
			const text = readFileSync(join(fixturesDir(), source), 'utf8');
			expect(extractText(file, readFileSync(join(fixturesDir(), file))).replace(/\s+/g, ' ')).toBe(
				text.trim().replace(/\s+/g, ' '),
			);
		},
	);

	it('parses multipart bodies, quoted names included', () => {
		const body = Buffer.from(
			[
				'--b',
				'Content-Disposition: form-data; name="workspace"',
				'',
				'abc',
				'--b',
				'Content-Disposition: form-data; name="file"; filename="my \\"cv\\".txt"',
				'Content-Type: text/plain',
				'',
				'hello\r\nworld',
				'--b--',
				'',
			].join('\r\n'),
		);
		expect(parseMultipart(body, 'b')).toEqual({
			fields: { workspace: ['abc'] },
			files: {
				file: {
					fileName: 'my "cv".txt',
					contentType: 'text/plain',
					bytes: Buffer.from('hello\r\nworld'),
				},
			},
		});
		expect(() => parseMultipart(Buffer.from('nothing'), 'b')).toThrow();
	});
});

describe('resume parser', () => {
	it('reads generated resume text back into the same fields', () => {
		const reference = monthIndex(2026, 6);
		for (const resume of generateResumes({ seed: 9, referenceMonth: reference }, 40)) {
			const parsed = parseResumeText(resume.rawText, reference);
			expect(parsed.name?.raw).toBe(resume.name?.raw);
			expect(parsed.emails).toEqual(resume.emails);
			expect(parsed.phoneNumbers).toEqual(resume.phoneNumbers);
			expect(parsed.location?.city).toBe(resume.location?.city);
			expect(parsed.totalYearsExperience).toBe(resume.totalYearsExperience);
			expect(
				parsed.workExperience.map((w) => [w.jobTitle, w.organization, w.dates?.isCurrent]),
			).toEqual(resume.workExperience.map((w) => [w.jobTitle, w.organization, w.dates?.isCurrent]));
			expect(
				parsed.education.map((e) => [e.organization, e.accreditation?.educationLevel]),
			).toEqual(resume.education.map((e) => [e.organization, e.accreditation?.educationLevel]));
			expect(parsed.skills.map((s) => s.name).slice(0, resume.skills.length)).toEqual(
				resume.skills.map((s) => s.name),
			);
			expect(parsed.languages).toEqual(resume.languages);
		}
	});
});

describe('search expressions', () => {
	const matches = (expression: string, text: string): boolean => {
		const compiled = compileSearchExpression(expression);
		return compiled.matches(compiled.terms.map((t) => containsTerm(text.toLowerCase(), t)));
	};

	it('combine words and phrases with AND, OR, NOT and parentheses; adjacent terms mean AND', () => {
		expect(matches('python java', 'Python and Java')).toBe(true);
		expect(matches('python java', 'Python only')).toBe(false);
		expect(matches('python OR java', 'Java only')).toBe(true);
		expect(matches('(python OR java) AND NOT php', 'Java and PHP')).toBe(false);
		expect(matches('"machine learning"', 'machine-learning')).toBe(false);
		expect(matches('"machine learning"', 'Machine Learning engineer')).toBe(true);
		expect(compileSearchExpression('NOT php python').positive).toEqual([false, true]);
	});

	it('match whole words only', () => {
		expect(containsTerm('javascript developer', 'java')).toBe(false);
		expect(containsTerm('c# and node.js', 'node.js')).toBe(true);
		expect(containsTerm('c# and node.js', 'c#')).toBe(true);
	});

	it('report what is wrong with a malformed expression', () => {
		expect(() => compileSearchExpression('(a OR b')).toThrow('Missing closing parenthesis.');
		expect(() => compileSearchExpression('a AND')).toThrow('ends where a term was expected');
		expect(() => compileSearchExpression('"open')).toThrow('Unbalanced quotes.');
		expect(() => compileSearchExpression('   ')).toThrow('empty');
	});
});
