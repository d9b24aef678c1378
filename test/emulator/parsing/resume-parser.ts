// Resume text into ResumeData, by layout heuristics and the emulator's vocabulary: good enough for
// ordinary one-column resumes (name on top, contact line, headed sections, "Title, Company (dates)"
// entries), which is what the sample files and the demo use.

import {
	classificationForTitle,
	educationLevelFor,
	findPlace,
	isoDate,
	isoMonthIndex,
	languageCode,
	managementLevelForTitle,
	parseMonth,
	placeLocation,
	type MonthIndex,
} from '../data/normalise';
import { occupationForTitle, OCCUPATIONS } from '../data/occupations';
import type { Location, ResumeData, ResumeEducation, ResumeWorkExperience } from '../data/types';
import { GENERAL_SKILLS, INSTITUTIONS, LANGUAGE_NAMES, SCHOOLS } from '../data/vocabulary';
import { containsTerm } from '../ranking/search-expression';

type Section =
	| 'header'
	| 'summary'
	| 'experience'
	| 'education'
	| 'skills'
	| 'languages'
	| 'certifications'
	| 'other';

const HEADINGS: Array<[RegExp, Section]> = [
	[
		/^(summary|profile|professional summary|career summary|objective|career objective|about me)$/,
		'summary',
	],
	[
		/^(experience|work experience|professional experience|employment|employment history|work history|career history)$/,
		'experience',
	],
	[/^(education|education and training|qualifications|academic background)$/, 'education'],
	[/^(skills|technical skills|key skills|core skills|core competencies|competencies)$/, 'skills'],
	[/^(languages|language skills)$/, 'languages'],
	[
		/^(certifications|certificates|licences|licenses|licenses and certifications)$/,
		'certifications',
	],
	[/^(references|referees|projects|interests|hobbies|awards|publications|volunteering)$/, 'other'],
];

function headingOf(line: string): Section | undefined {
	const normal = line
		.toLowerCase()
		.replace(/[:#*_]/g, '')
		.replace(/\s+/g, ' ')
		.trim();
	return HEADINGS.find(([pattern]) => pattern.test(normal))?.[1];
}

export function splitSections(text: string): Record<Section, string[]> {
	const sections: Record<Section, string[]> = {
		header: [],
		summary: [],
		experience: [],
		education: [],
		skills: [],
		languages: [],
		certifications: [],
		other: [],
	};
	let current: Section = 'header';
	for (const raw of text.split(/\r?\n/)) {
		const line = raw.replace(/\t/g, ' ').trim();
		if (line === '') continue;
		const heading = line.length <= 40 ? headingOf(line) : undefined;
		if (heading) current = heading;
		else sections[current].push(line);
	}
	return sections;
}

const EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /(?:\+\d[\d\s().-]{7,}\d|\(?0\d[\d\s().-]{7,}\d)/g;
const URL =
	/\b(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|me|au|uk)(?:\/[^\s|,]*)?/gi;
const MONTH_OR_YEAR = String.raw`(?:[A-Za-z]{3,9}\.?\s+\d{4}|\d{1,2}\/\d{4}|\d{4})`;
/** A position the CV gives one date for, in brackets at the end: when it began, no end. */
const SINGLE_DATE = new RegExp(`\\((${MONTH_OR_YEAR})\\)\\s*$`);
export const DATE_RANGE = new RegExp(
	`(${MONTH_OR_YEAR})\\s*(?:-|–|—|to)\\s*(${MONTH_OR_YEAR}|present|current|now|today)`,
	'i',
);

/** Every skill name the emulator knows, longest first so "Node.js" wins over "Node". */
export const KNOWN_SKILLS: readonly string[] = [
	...new Set([...OCCUPATIONS.flatMap((o) => o.skills), ...GENERAL_SKILLS]),
].sort((a, b) => b.length - a.length);

/** Known skills mentioned in a text, in order of first mention. */
export function skillsMentioned(text: string): string[] {
	const lower = text.toLowerCase();
	return KNOWN_SKILLS.map((skill) => ({
		skill,
		at: containsTerm(lower, skill.toLowerCase()) ? lower.indexOf(skill.toLowerCase()) : -1,
	}))
		.filter((s) => s.at >= 0)
		.sort((a, b) => a.at - b.at)
		.map((s) => s.skill);
}

export function languagesMentioned(text: string): string[] {
	const lower = text.toLowerCase();
	return LANGUAGE_NAMES.filter((name) => containsTerm(lower, name.toLowerCase()));
}

function looksLikeName(line: string): boolean {
	return /^[A-Z][A-Za-z'.-]+(?:\s+[A-Z][A-Za-z'.-]+){1,3}$/.test(line) && !headingOf(line);
}

function splitTitleAndCompany(head: string): { title: string; company: string | null } {
	const parts = head
		.split(/\s+at\s+|\s*,\s*|\s+[|–—]\s+|\s+-\s+/)
		.map((p) => p.trim())
		.filter(Boolean);
	if (parts.length < 2) return { title: head.trim(), company: null };
	const [a, b] = parts;
	// The part that reads like a job title is the title; the other is the employer.
	const aIsTitle =
		occupationForTitle(a) !== undefined ||
		managementLevelForTitle(a) !== 'None' ||
		occupationForTitle(b) === undefined;
	return aIsTitle ? { title: a, company: b } : { title: b, company: a };
}

function monthOf(
	text: string,
	reference: MonthIndex,
): { month: MonthIndex | undefined; isCurrent: boolean } {
	if (/^(present|current|now|today)$/i.test(text.trim()))
		return { month: reference, isCurrent: true };
	return { month: parseMonth(text), isCurrent: false };
}

function parseExperience(
	lines: string[],
	reference: MonthIndex,
	location: Location | null,
): ResumeWorkExperience[] {
	const jobs: ResumeWorkExperience[] = [];
	let current: ResumeWorkExperience | undefined;
	lines.forEach((line, i) => {
		const range = DATE_RANGE.exec(line) ?? SINGLE_DATE.exec(line);
		if (!range) {
			if (current) {
				const place = findPlace(line);
				if (place && line.length < 40 && !current.location) current.location = placeLocation(line);
				else {
					const said = line.replace(/^[-*•]\s*/, '');
					current.jobDescription = current.jobDescription
						? `${current.jobDescription} ${said}`
						: said;
				}
			}
			return;
		}
		let head = line
			.replace(range[0], '')
			.replace(/[()[\]|,–—-]+\s*$/, '')
			.replace(/\(\s*\)/, '')
			.trim()
			.replace(/[,|–—-]\s*$/, '')
			.trim();
		if (head === '' && i > 0 && !DATE_RANGE.test(lines[i - 1])) {
			// "Title, Company" on the line above, dates alone on this one.
			head = lines[i - 1];
			if (current?.jobDescription?.endsWith(head))
				current.jobDescription = current.jobDescription.slice(0, -head.length).trim() || null;
		}
		const { title, company } = splitTitleAndCompany(head);
		const start = monthOf(range[1], reference);
		const end =
			range[2] === undefined
				? { month: undefined, isCurrent: false }
				: monthOf(range[2], reference);
		const months =
			start.month !== undefined && end.month !== undefined
				? Math.max(0, end.month - start.month)
				: null;
		const classification = classificationForTitle(title);
		current = {
			id: jobs.length + 1,
			jobTitle: title,
			socCode: classification ? String(classification.socCode) : null,
			socName: classification?.title ?? null,
			organization: company,
			industry: occupationForTitle(title)?.industry ?? null,
			location: null,
			jobDescription: null,
			dates: {
				startDate: start.month === undefined ? null : isoDate(start.month),
				endDate: end.isCurrent || end.month === undefined ? null : isoDate(end.month),
				monthsInPosition: months,
				isCurrent: end.isCurrent,
				rawText: range[0],
			},
			occupation: {
				jobTitle: title,
				jobTitleNormalized:
					occupationForTitle(title)?.titles.find((t) =>
						title.toLowerCase().includes(t.toLowerCase()),
					) ?? title,
				emsiId: null,
				managementLevel: managementLevelForTitle(title),
				classification,
			},
		};
		jobs.push(current);
	});
	for (const job of jobs) job.location ??= location;
	return jobs;
}

/** Whole years covered by the jobs' date ranges, overlaps counted once. */
function yearsCovered(jobs: ResumeWorkExperience[]): number | null {
	const covered = new Set<number>();
	for (const job of jobs) {
		const start = isoMonthIndex(job.dates?.startDate);
		if (
			start === undefined ||
			job.dates?.monthsInPosition === null ||
			job.dates?.monthsInPosition === undefined
		)
			continue;
		for (let m = 0; m < job.dates.monthsInPosition; m++) covered.add(start + m);
	}
	return jobs.length === 0 ? null : Math.floor(covered.size / 12);
}

/** A grade written beside a degree: "GPA 3.8", "(WAM: 82)". */
const GRADE = /[\s,(]*\b(GPA|WAM)\s*:?\s*(\d+(?:\.\d+)?)\)?/i;

const KNOWN_INSTITUTIONS = [...Object.values(INSTITUTIONS).flat(), ...SCHOOLS].sort(
	(a, b) => b.length - a.length,
);
const INSTITUTION_WORDS = /\b(university|college|institute|school|tafe|academy|polytechnic)\b/i;

function parseEducation(
	lines: string[],
	reference: MonthIndex,
	location: Location | null,
): ResumeEducation[] {
	const out: ResumeEducation[] = [];
	for (const written of lines) {
		const level = educationLevelFor(written);
		if (!level && !INSTITUTION_WORDS.test(written)) continue;
		const isCurrent = /\b(current|expected|present|in progress)\b/i.test(written);
		const gpa = GRADE.exec(written);
		const line = gpa ? written.replace(gpa[0], '') : written;
		const years = line.match(/\b(?:19|20)\d{2}\b/g) ?? [];
		const clean = line
			.replace(
				/\(?\b(?:19|20)\d{2}\b\)?|\((?:current|expected|present|in progress)\)|\b(?:current|expected)\b/gi,
				'',
			)
			.replace(/[\s,|–—-]+$/, '')
			.trim();
		// A known institution wins; otherwise the comma-separated part that names a school.
		const known = KNOWN_INSTITUTIONS.find((name) =>
			clean.toLowerCase().includes(name.toLowerCase()),
		);
		const parts = (known ? clean.replace(known, ',') : clean)
			.split(/\s*,\s*|\s+[|–—]\s+|\s+-\s+/)
			.filter(Boolean);
		const institution =
			known ?? parts.find((p) => INSTITUTION_WORDS.test(p) && !educationLevelFor(p)) ?? null;
		const degree =
			parts.find((p) => educationLevelFor(p)) ?? (parts.find((p) => p !== institution) || null);
		if (!degree && !institution) continue;
		const completionYear = years.length > 0 ? Number(years[years.length - 1]) : null;
		const completion = completionYear === null ? null : completionYear * 12 + 11;
		out.push({
			id: out.length + 1,
			organization: institution,
			accreditation: degree
				? {
						education: degree,
						inputStr: written,
						matchStr: degree,
						educationLevel: educationLevelFor(degree) ?? level,
					}
				: null,
			grade: gpa
				? { raw: gpa[0].replace(/^[\s,(]+|[\s,)]+$/g, ''), metric: gpa[1], value: gpa[2] }
				: null,
			location,
			dates: {
				completionDate:
					completion === null ? (isCurrent ? isoDate(reference + 12) : null) : isoDate(completion),
				isCurrent,
				// "2014 - 2016": the first year is when it began.
				startDate: years.length > 1 ? isoDate(Number(years[0]) * 12) : null,
				rawText: years.join(' - ') || (isCurrent ? 'current' : ''),
			},
		});
	}
	return out;
}

function listItems(lines: string[]): string[] {
	return lines
		.flatMap((l) => l.split(/\s*[,;•·|]\s*|\s{2,}/))
		.map((s) =>
			s
				.replace(/^[-*–]\s*/, '')
				.replace(
					/\s*\((?:native|fluent|professional|basic|conversational|intermediate|advanced)[^)]*\)$/i,
					'',
				)
				.trim(),
		)
		.filter((s) => s.length > 0 && s.length <= 40);
}

export function parseResumeText(text: string, reference: MonthIndex): ResumeData {
	const sections = splitSections(text);
	const header = sections.header;
	const nameLine = header.find(looksLikeName) ?? header[0] ?? '';
	const [first = '', ...rest] = nameLine.split(/\s+/);
	const contactSegments = header.flatMap((l) => l.split(/\s*[|•·]\s*/));
	const placeSegment = contactSegments.find(
		(s) =>
			!s.includes('@') &&
			!/\d{5,}/.test(s.replace(/\s/g, '')) &&
			findPlace(s) !== undefined &&
			s.length < 60,
	);
	const location = placeSegment ? placeLocation(placeSegment) : null;
	const professionLine = header.find(
		(l) =>
			l !== nameLine &&
			!l.includes('@') &&
			!new RegExp(PHONE.source).test(l) &&
			occupationForTitle(l) !== undefined &&
			l.length < 60,
	);

	const workExperience = parseExperience(sections.experience, reference, location);
	const sectionSkills = listItems(sections.skills);
	const mentioned = skillsMentioned(text);
	const skillNames = [
		...new Map([...sectionSkills, ...mentioned].map((s) => [s.toLowerCase(), s])).values(),
	];
	const languageItems = listItems(sections.languages).filter((l) => LANGUAGE_NAMES.includes(l));
	const languages =
		languageItems.length > 0 ? languageItems : languagesMentioned(sections.languages.join(' '));
	const linkedin = /linkedin\.com\/in\/[\w-]+/i.exec(text)?.[0] ?? null;
	const emails = [...new Set(text.match(EMAIL) ?? [])];
	const current = workExperience.find((w) => w.dates?.isCurrent) ?? workExperience[0];

	return {
		name: nameLine
			? {
					raw: nameLine,
					first,
					last: rest[rest.length - 1] ?? '',
					middle: rest.slice(0, -1).join(' '),
					title: '',
				}
			: null,
		phoneNumbers: [...new Set((header.join(' | ').match(PHONE) ?? []).map((p) => p.trim()))],
		websites: [
			...new Set(
				(header.join(' ').match(URL) ?? []).filter(
					(u) => !u.includes('@') && !/linkedin/i.test(u) && !emails.some((e) => e.includes(u)),
				),
			),
		],
		emails,
		dateOfBirth: null,
		location,
		objective: null,
		languages,
		languageCodes: languages.map(languageCode),
		summary: sections.summary.join(' ') || null,
		totalYearsExperience: yearsCovered(workExperience),
		headShot: null,
		education: parseEducation(sections.education, reference, location),
		profession: professionLine ?? current?.jobTitle ?? null,
		linkedin,
		workExperience,
		skills: skillNames.map((name, i) => ({
			id: i + 1,
			emsiId: null,
			name,
			lastUsed: current?.dates?.isCurrent ? isoDate(reference) : (current?.dates?.endDate ?? null),
			numberOfMonths: null,
			type: GENERAL_SKILLS.includes(name) ? 'Common Skill' : 'Specialized Skill',
			count: 1,
			weighting: null,
			sources: [
				{ section: sectionSkills.includes(name) ? 'Skills' : 'WorkExperience', position: i },
			],
		})),
		certifications: sections.certifications.map((l) => l.replace(/^[-*•]\s*/, '')),
		publications: [],
		referees: [],
		isResumeProbability:
			workExperience.length + sections.education.length + sectionSkills.length > 0 ? 95 : 40,
		rawText: text,
	};
}
